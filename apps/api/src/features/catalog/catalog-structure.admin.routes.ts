import {
  AdminCategoriesResponse,
  AdminCategoryCreate,
  AdminCategoryIdParams,
  AdminCategoryOrder,
  AdminCategoryUpdate,
  AdminCountriesResponse,
  AdminCountryCodeParams,
  AdminCountryOrder,
  AdminCountryUpdate,
  AdminServiceCodeParams,
  AdminServiceMove,
} from '@numero/contract/catalog-structure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { StaffCategories } from './staff-categories.ts';

const config = { access: ADMIN_ONLY };
const categoryTags = ['admin: categories'];
const countryTags = ['admin: countries'];

/**
 * Staff routes of the catalogue's structure: categories (and which services, so which products, sit in
 * each) and countries. Every write answers with the whole list, in its order, as the screens show it.
 */
export const catalogStructureAdminRoutes: FastifyPluginAsyncZod<{ service: StaffCategories }> = async (
  app,
  { service },
) => {
  asStaffScope(app);

  app.get(
    '/api/v1/admin/categories',
    { config, schema: { tags: categoryTags, response: { 200: AdminCategoriesResponse } } },
    async () => service.categories(),
  );

  app.post(
    '/api/v1/admin/categories',
    {
      config,
      schema: { tags: categoryTags, body: AdminCategoryCreate, response: { 201: AdminCategoriesResponse } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCategory(request.body, actorOf(request))),
  );

  app.put(
    '/api/v1/admin/categories/order',
    {
      config,
      schema: {
        tags: categoryTags,
        description: 'Every category id exactly once, in the new order.',
        body: AdminCategoryOrder,
        response: { 200: AdminCategoriesResponse },
      },
    },
    async (request) => service.orderCategories(request.body.ids, actorOf(request)),
  );

  app.patch(
    '/api/v1/admin/categories/:id',
    {
      config,
      schema: {
        tags: categoryTags,
        description: 'Renames, activates or deactivates a category (an inactive one leaves the store).',
        params: AdminCategoryIdParams,
        body: AdminCategoryUpdate,
        response: { 200: AdminCategoriesResponse },
      },
    },
    async (request) => service.updateCategory(request.params.id, request.body, actorOf(request)),
  );

  app.put(
    '/api/v1/admin/services/:code/category',
    {
      config,
      schema: {
        tags: categoryTags,
        description: 'Moves a service, with all its products, to another category.',
        params: AdminServiceCodeParams,
        body: AdminServiceMove,
        response: { 200: AdminCategoriesResponse },
      },
    },
    async (request) => service.moveService(request.params.code, request.body.category_id, actorOf(request)),
  );

  app.get(
    '/api/v1/admin/countries',
    { config, schema: { tags: countryTags, response: { 200: AdminCountriesResponse } } },
    async () => service.countries(),
  );

  app.put(
    '/api/v1/admin/countries/order',
    {
      config,
      schema: {
        tags: countryTags,
        description: 'Every country code exactly once, in the new order.',
        body: AdminCountryOrder,
        response: { 200: AdminCountriesResponse },
      },
    },
    async (request) => service.orderCountries(request.body.codes, actorOf(request)),
  );

  app.patch(
    '/api/v1/admin/countries/:code',
    {
      config,
      schema: {
        tags: countryTags,
        description: 'Names, dialling code, protocol country number, and enabling or disabling it.',
        params: AdminCountryCodeParams,
        body: AdminCountryUpdate,
        response: { 200: AdminCountriesResponse },
      },
    },
    async (request) => service.updateCountry(request.params.code, request.body, actorOf(request)),
  );
};
