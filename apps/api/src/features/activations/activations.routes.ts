import {
  ActivationDetail,
  ActivationIdParams,
  ActivationsPage,
  ActivationsQuery,
  ActivationsSummary,
  IdempotencyKey,
  PurchaseBody,
} from '@numero/contract/activations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { createCustomerActions } from './customer-actions.ts';
import type { CustomerQueries } from './customer-queries.ts';
import type { createPurchase } from './purchase.ts';

// Loose: the validated object replaces request.headers, and every other header must survive it.
const PurchaseHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Required. A unique key per purchase: retrying with the same key never buys twice.'),
});

const tags = ['activations'];

/** A customer's own activations: buy, list, read, and cancel, resend or finish one. */
export const activationsRoutes: FastifyPluginAsyncZod<{
  purchase: ReturnType<typeof createPurchase>['purchase'];
  queries: Pick<CustomerQueries, 'list' | 'summary' | 'get'>;
  customer: ReturnType<typeof createCustomerActions>;
}> = async (app, { purchase, queries, customer }) => {
  app.post(
    '/api/v1/activations',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        headers: PurchaseHeaders,
        body: PurchaseBody,
        response: { 200: ActivationDetail, 201: ActivationDetail },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      if (!IdempotencyKey.safeParse(key).success) throw new AppError('IDEMPOTENCY_KEY_INVALID', 422);
      const { activation, created } = await purchase({
        userId: request.user!.id,
        productId: request.body.product_id,
        currency: request.body.currency,
        idempotencyKey: key,
        operators: request.body.operator ? [request.body.operator] : undefined,
      });
      return reply.status(created ? 201 : 200).send(activation);
    },
  );

  app.get(
    '/api/v1/activations',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: ActivationsQuery, response: { 200: ActivationsPage } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return queries.list(request.user!.id, request.query);
    },
  );

  // Registered before /:id so "summary" is never taken for an id.
  app.get(
    '/api/v1/activations/summary',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: ActivationsSummary } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return queries.summary(request.user!.id);
    },
  );

  app.get(
    '/api/v1/activations/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: ActivationIdParams, response: { 200: ActivationDetail } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return queries.get(request.user!.id, request.params.id);
    },
  );

  const action = (path: string, run: (userId: string, id: string) => Promise<ActivationDetail>) =>
    app.post(
      `/api/v1/activations/:id/${path}`,
      {
        config: { access: 'authenticated' },
        schema: { tags, params: ActivationIdParams, response: { 200: ActivationDetail } },
      },
      async (request) => run(request.user!.id, request.params.id),
    );
  action('cancel', customer.cancel);
  action('resend', customer.resend);
  action('finish', customer.finish);
};
