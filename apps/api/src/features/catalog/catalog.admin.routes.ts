import {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductCreate,
  AdminProductIdParams,
  AdminProductsQuery,
  AdminProductsResponse,
  AdminProductsSummary,
  AdminProductUpdate,
} from '@numero/contract/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, STAFF } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { requestLanguage } from '../../http/lang.ts';
import { replyWithList } from '../../http/list.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { StaffProductsService } from './staff-products.ts';

const config = { access: ADMIN_ONLY };
const productTags = ['admin: products'];

/** Staff routes of the catalogue: products (service × country), their prices, stock and active flag. */
export const catalogAdminRoutes: FastifyPluginAsyncZod<{ service: StaffProductsService }> = async (
  app,
  { service },
) => {
  asStaffScope(app);

  // ---- products ----

  app.get(
    '/api/v1/admin/products',
    {
      config,
      schema: {
        tags: productTags,
        description: 'Products (service × country), paged; the total is in the X-Total-Count header.',
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsResponse },
      },
    },
    async (request, reply) => {
      return replyWithList(reply, await service.listProducts(request.query, requestLanguage(request)));
    },
  );

  // Static paths are matched before /:id, so "summary" and "options" are never taken for an id.
  app.get(
    '/api/v1/admin/products/summary',
    { config, schema: { tags: productTags, response: { 200: AdminProductsSummary } } },
    async () => service.productsSummary(),
  );

  app.get(
    '/api/v1/admin/products/options',
    {
      // Names only: the pricing page's filters need them for a MANAGER's read-only preview too.
      config: { access: STAFF },
      schema: {
        tags: productTags,
        description: 'Categories (with product counts), services and countries for the product screens.',
        response: { 200: AdminCatalogOptions },
      },
    },
    async (request) => service.catalogOptions(requestLanguage(request)),
  );

  app.post(
    '/api/v1/admin/products',
    {
      config,
      schema: {
        tags: productTags,
        body: AdminProductCreate,
        response: { 201: AdminProduct },
      },
    },
    async (request, reply) => {
      const product = await service.createProduct(request.body, actorOf(request), requestLanguage(request));
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/api/v1/admin/products/:id',
    {
      config,
      schema: {
        tags: productTags,
        description: 'Prices (integer cents), stock and the active flag. The stock sync may overwrite stock.',
        params: AdminProductIdParams,
        body: AdminProductUpdate,
        response: { 200: AdminProduct },
      },
    },
    async (request) =>
      service.updateProduct(request.params.id, request.body, actorOf(request), requestLanguage(request)),
  );
};
