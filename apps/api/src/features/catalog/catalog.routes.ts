import {
  CategoriesQuery,
  CategoriesResponse,
  CountriesQuery,
  CountriesResponse,
  ProductsQuery,
  ProductsResponse,
  ServicesQuery,
  ServicesResponse,
} from '@numero/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { etagged } from '../../http/etag.ts';
import type { CatalogService } from './catalog.service.ts';

// Public and the same for everyone: browsers and any shared cache may keep it. Stock moves, so products
// are kept for less time than the lists of services and countries. Each answer carries an ETag: a
// revalidation that finds the same list is answered 304 without a body.
const LISTS_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const PRODUCTS_CACHE = 'public, max-age=15, stale-while-revalidate=60';

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/api/v1/catalog/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: CategoriesQuery, response: { 200: CategoriesResponse } },
      onSend: etagged,
    },
    async (request, reply) => {
      reply.header('cache-control', LISTS_CACHE);
      return catalog.listCategories(request.query.currency, request.query.lang);
    },
  );

  app.get(
    '/api/v1/catalog/services',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: ServicesQuery, response: { 200: ServicesResponse } },
      onSend: etagged,
    },
    async (request, reply) => {
      reply.header('cache-control', LISTS_CACHE);
      const { currency, lang, category } = request.query;
      return catalog.listServices(currency, lang, category);
    },
  );

  app.get(
    '/api/v1/catalog/countries',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: CountriesQuery, response: { 200: CountriesResponse } },
      onSend: etagged,
    },
    async (request, reply) => {
      reply.header('cache-control', LISTS_CACHE);
      return catalog.listCountries(request.query.lang);
    },
  );

  app.get(
    '/api/v1/catalog/products',
    {
      config: { access: 'public' },
      schema: { tags: ['catalog'], querystring: ProductsQuery, response: { 200: ProductsResponse } },
      onSend: etagged,
    },
    async (request, reply) => {
      reply.header('cache-control', PRODUCTS_CACHE);
      const { service, country, currency, lang } = request.query;
      return catalog.listProducts({ service, country }, currency, lang);
    },
  );
};
