import {
  CatalogSearchQuery,
  CatalogSearchResponse,
  CategoriesQuery,
  CategoriesResponse,
  CountriesQuery,
  CountriesResponse,
  ProductsQuery,
  ProductsResponse,
  ServicesQuery,
  ServicesResponse,
} from '@numero/contract/catalog';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../db/event-bus.ts';
import { etagged } from '../../http/etag.ts';
import { createSharedAnswers, type SharedAnswers } from '../../http/shared-answers.ts';
import type { CatalogService } from './catalog.service.ts';
import type { CatalogSearch } from './catalog-search.ts';
import type { CatalogShelf } from './catalog-shelf.ts';

// Public and the same for everyone: browsers and any shared cache may keep it. Stock moves, so products
// are kept for less time than the lists of services and countries. Each answer carries an ETag: a
// revalidation that finds the same list is answered 304 without a body.
const LISTS_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const PRODUCTS_CACHE = 'public, max-age=15, stale-while-revalidate=60';
/** Each process also answers a repeat from memory this long, unless the catalogue changed meanwhile. */
const REMEMBER_MS = 2_000;

/** The public lists' memory in this process, which hears `catalog_changed` on the bus. */
export async function rememberCatalogAnswers(catalog: CatalogService, bus: EventBus, log: FastifyBaseLogger) {
  // Real time, like the service's own memory of the categories. The products' track records expire on
  // their own clock and are heard on no channel: a products answer built from expired ones is not repeated.
  const answers = createSharedAnswers({
    ms: REMEMBER_MS,
    stale: (url) => url.startsWith('/api/v1/catalog/products') && catalog.recordsExpired(),
  });
  // A process that cannot hear the catalogue's changes builds every answer afresh.
  await answers.follow(bus, 'catalog_changed').catch((err) => log.warn({ err }, 'catalogue changes unheard'));
  return answers;
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  search: CatalogSearch;
  shelf: CatalogShelf;
  answers: SharedAnswers;
}> = async (app, { catalog, search, shelf, answers }) => {
  const remembered = (cacheControl: string) => ({
    preHandler: answers.preHandler(cacheControl),
    onSend: [answers.keep, etagged],
  });
  app.get(
    '/api/v1/catalog/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: CategoriesQuery, response: { 200: CategoriesResponse } },
      ...remembered(LISTS_CACHE),
    },
    async (request) => {
      return catalog.listCategories(request.query.currency, request.query.lang);
    },
  );

  app.get(
    '/api/v1/catalog/services',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: ServicesQuery, response: { 200: ServicesResponse } },
      ...remembered(LISTS_CACHE),
    },
    async (request) => shelf.services(request.query),
  );

  app.get(
    '/api/v1/catalog/countries',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: CountriesQuery, response: { 200: CountriesResponse } },
      ...remembered(LISTS_CACHE),
    },
    async (request) => {
      return catalog.listCountries(request.query.lang);
    },
  );

  app.get(
    '/api/v1/catalog/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        description:
          'Services and countries on sale whose names (Portuguese or English) match q, accents and case aside, one typo per word forgiven; paged.',
        querystring: CatalogSearchQuery,
        response: { 200: CatalogSearchResponse },
      },
      ...remembered(LISTS_CACHE),
    },
    async (request) => search.search(request.query),
  );

  app.get(
    '/api/v1/catalog/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        description:
          'Products on sale with their price in the currency, stock and record: filtered by service, country, name, price, success rate and stock; sorted; paged with a cursor.',
        querystring: ProductsQuery,
        response: { 200: ProductsResponse },
      },
      ...remembered(PRODUCTS_CACHE),
    },
    async (request) => shelf.products(request.query),
  );
};
