import {
  AdminOrder,
  AdminOrderIdParams,
  AdminOrdersExportQuery,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminOrdersSummary,
} from '@numero/contract/activations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../http/access.ts';
import { actorOf } from '../../http/actor.ts';
import { requestLanguage } from '../../http/lang.ts';
import { replyWithList } from '../../http/list.ts';
import { asStaffScope } from '../../http/staff-scope.ts';
import type { StaffOrdersService } from './staff-orders.ts';

const config = { access: ADMIN_ONLY };
const orderTags = ['admin: orders'];

/** Staff routes of activations: every customer's orders, the CSV export, cancel with refund, finish. */
export const activationsAdminRoutes: FastifyPluginAsyncZod<{
  service: StaffOrdersService;
  now: () => Date;
}> = async (app, { service, now }) => {
  asStaffScope(app);

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

  const action = (path: 'cancel' | 'finish', run: StaffOrdersService['cancelOrder']) =>
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
