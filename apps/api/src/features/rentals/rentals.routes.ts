import { IdempotencyKey } from '@numero/contract/activations';
import {
  ExtendBody,
  ExtensionQuote,
  ExtensionQuoteQuery,
  RentalDetail,
  RentalIdParams,
  RentalQuote,
  RentalQuoteQuery,
  RentalsPage,
  RentalsQuery,
  RentBody,
} from '@numero/contract/rentals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { RentalsService } from './rentals.service.ts';

// Loose: the validated object replaces request.headers, and every other header must survive it.
const KeyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Required. Retrying with the same key never charges twice.'),
});
const tags = ['rentals'];

function keyOf(headers: { 'idempotency-key'?: string }): string {
  const key = headers['idempotency-key'];
  if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', 400);
  if (!IdempotencyKey.safeParse(key).success) throw new AppError('IDEMPOTENCY_KEY_INVALID', 422);
  return key;
}

/** The customer's rentals: every route reads or acts on the signed-in user's own rentals only. */
export const rentalsRoutes: FastifyPluginAsyncZod<{ rentals: RentalsService }> = async (app, { rentals }) => {
  const config = { access: 'authenticated' as const };

  app.get(
    '/api/v1/rentals/quote',
    { config, schema: { tags, querystring: RentalQuoteQuery, response: { 200: RentalQuote } } },
    async (request) => rentals.quote(request.query.product_id, request.query.currency),
  );

  app.post(
    '/api/v1/rentals',
    {
      config,
      schema: {
        tags,
        headers: KeyHeaders,
        body: RentBody,
        response: { 200: RentalDetail, 201: RentalDetail },
      },
    },
    async (request, reply) => {
      const { rental, created } = await rentals.rent({
        userId: request.user!.id,
        productId: request.body.product_id,
        currency: request.body.currency,
        hours: request.body.hours,
        expectedPrice: request.body.expected_price,
        operator: request.body.operator,
        idempotencyKey: keyOf(request.headers),
      });
      return reply.status(created ? 201 : 200).send(rental);
    },
  );

  app.get(
    '/api/v1/rentals',
    { config, schema: { tags, querystring: RentalsQuery, response: { 200: RentalsPage } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rentals.list(request.user!.id, request.query);
    },
  );

  app.get(
    '/api/v1/rentals/:id',
    { config, schema: { tags, params: RentalIdParams, response: { 200: RentalDetail } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rentals.get(request.user!.id, request.params.id);
    },
  );

  app.get(
    '/api/v1/rentals/:id/extension-quote',
    {
      config,
      schema: {
        tags,
        params: RentalIdParams,
        querystring: ExtensionQuoteQuery,
        response: { 200: ExtensionQuote },
      },
    },
    async (request) => rentals.quoteExtension(request.user!.id, request.params.id, request.query.hours),
  );

  app.post(
    '/api/v1/rentals/:id/extend',
    {
      config,
      schema: {
        tags,
        headers: KeyHeaders,
        params: RentalIdParams,
        body: ExtendBody,
        response: { 200: RentalDetail, 201: RentalDetail },
      },
    },
    async (request, reply) => {
      const { rental, created } = await rentals.extend(request.user!.id, request.params.id, {
        hours: request.body.hours,
        expectedPrice: request.body.expected_price,
        idempotencyKey: keyOf(request.headers),
      });
      return reply.status(created ? 201 : 200).send(rental);
    },
  );

  for (const [path, run] of [
    ['cancel', rentals.cancel],
    ['finish', rentals.finish],
  ] as const)
    app.post(
      `/api/v1/rentals/:id/${path}`,
      { config, schema: { tags, params: RentalIdParams, response: { 200: RentalDetail } } },
      async (request) => run(request.user!.id, request.params.id),
    );
};
