import { MultiServiceBody, MultiServicePurchase, ReuseQuote } from '@numero/contract/activation-reuse';
import { ActivationDetail, ActivationIdParams, IdempotencyKey } from '@numero/contract/activations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { createMultiPurchase } from './multi-purchase.ts';
import type { Reuse } from './reuse.ts';

// Loose: the validated object replaces request.headers, and every other header must survive it.
const ReuseHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Required. A unique key per reuse: retrying with the same key never charges twice.'),
});

const tags = ['activations'];

/**
 * "Use this number again": the price first, then a new activation on the same number. And several
 * services on one number: one activation per service, each billed and refunded on its own.
 */
export const reuseRoutes: FastifyPluginAsyncZod<{
  reuse: Pick<Reuse, 'quote' | 'reuse'>;
  purchaseMulti: ReturnType<typeof createMultiPurchase>['purchaseMulti'];
}> = async (app, { reuse, purchaseMulti }) => {
  app.get(
    '/api/v1/activations/:id/reuse',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: ActivationIdParams, response: { 200: ReuseQuote } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reuse.quote(request.user!.id, request.params.id);
    },
  );

  app.post(
    '/api/v1/activations/:id/reuse',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: ActivationIdParams,
        headers: ReuseHeaders,
        response: { 200: ActivationDetail, 201: ActivationDetail },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      if (!IdempotencyKey.safeParse(key).success) throw new AppError('IDEMPOTENCY_KEY_INVALID', 422);
      const { activation, created } = await reuse.reuse({
        userId: request.user!.id,
        activationId: request.params.id,
        idempotencyKey: key,
      });
      return reply.status(created ? 201 : 200).send(activation);
    },
  );

  app.post(
    '/api/v1/activations/multi-service',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        headers: ReuseHeaders,
        body: MultiServiceBody,
        response: { 200: MultiServicePurchase, 201: MultiServicePurchase },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
      if (!IdempotencyKey.safeParse(key).success) throw new AppError('IDEMPOTENCY_KEY_INVALID', 422);
      const { activations: bought, created } = await purchaseMulti({
        userId: request.user!.id,
        country: request.body.country,
        services: request.body.services,
        currency: request.body.currency,
        operator: request.body.operator,
        idempotencyKey: key,
      });
      const phone = bought.find((a) => a.phone_number)?.phone_number ?? null;
      return reply.status(created ? 201 : 200).send({ phone_number: phone, activations: bought });
    },
  );
};
