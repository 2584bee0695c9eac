import {
  AdminOrder,
  AdminOrderIdParams,
  AdminOrdersExportQuery,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOrdersSummary,
} from '@numero/contract/activations';
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../http/access.ts';
import { requestLanguage } from '../../http/lang.ts';
import { replyWithList } from '../../http/list.ts';
import type { StaffActor } from '../activations/activations.service.ts';
import type { AdminCatalogService } from './admin-catalog.service.ts';

const config = { access: ADMIN_ONLY };
const productTags = ['admin: products'];
const orderTags = ['admin: orders'];

const actorOf = (request: FastifyRequest): StaffActor => ({
  id: request.user!.id,
  email: request.user!.email,
  ip: request.ip,
});

export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  service: AdminCatalogService;
  now: () => Date;
}> = async (app, { service, now }) => {
  // JSON bodies only (this plugin's scope): a text/plain body is refused with 415, not parsed as a string.
  app.removeContentTypeParser('text/plain');
  // Staff data changes all the time and is nobody else's: never cached.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

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
      config,
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

  // ---- orders ----

  app.get(
    '/api/v1/admin/orders',
    {
      config,
      schema: {
        tags: orderTags,
        description: "Every customer's activations, newest first; the total is in X-Total-Count.",
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse },
      },
    },
    async (request, reply) => {
      return replyWithList(reply, await service.listOrders(request.query, requestLanguage(request)));
    },
  );

  app.get(
    '/api/v1/admin/orders/summary',
    { config, schema: { tags: orderTags, response: { 200: AdminOrdersSummary } } },
    async () => service.ordersSummary(),
  );

  app.get(
    '/api/v1/admin/orders/export',
    {
      config,
      schema: {
        tags: orderTags,
        description: 'The filtered list as a CSV download (text/csv).',
        querystring: AdminOrdersExportQuery,
      },
    },
    async (request, reply) => {
      const lang = request.query.lang ?? requestLanguage(request);
      const csv = await service.exportOrders(request.query, lang);
      const day = now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${lang === 'en' ? 'orders' : 'pedidos'}-${day}.csv"`,
        )
        .send(csv);
    },
  );

  const action = (path: 'cancel' | 'finish', run: AdminCatalogService['cancelOrder']) =>
    app.post(
      `/api/v1/admin/orders/:id/${path}`,
      {
        config,
        schema: {
          tags: orderTags,
          description:
            path === 'cancel'
              ? 'Cancels an order still waiting for its number or SMS and refunds the customer (once).'
              : 'Finishes an order whose code arrived.',
          params: AdminOrderIdParams,
          response: { 200: AdminOrder },
        },
      },
      async (request) => run(request.params.id, actorOf(request), requestLanguage(request)),
    );
  action('cancel', service.cancelOrder);
  action('finish', service.finishOrder);
};
