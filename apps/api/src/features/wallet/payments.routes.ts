import {
  CheckoutSession,
  CheckoutSessionBody,
  ConfirmIntentBody,
  CreateIntentBody,
  PaymentIdParams,
  PaymentIntent,
  SimulateBody,
  WebhookParams,
  WebhookReply,
} from '@numero/contract/wallet';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { WEBHOOK_PATH } from './payment-providers.ts';
import type { PaymentsService } from './payments.service.ts';

const tags = ['payments'];
/** A provider event is a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  const payee = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

  app.post(
    '/api/v1/wallets/payments/create-intent',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: CreateIntentBody, response: { 201: PaymentIntent } },
    },
    async (request, reply) => {
      const intent = await payments.createIntent(payee(request.user!), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(intent);
    },
  );

  app.post(
    '/api/v1/wallets/payments/intent/:id/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: PaymentIdParams,
        body: ConfirmIntentBody.nullish(),
        response: { 200: PaymentIntent },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.confirm(request.user!.id, request.params.id, request.body);
    },
  );

  app.get(
    '/api/v1/wallets/payments/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: PaymentIdParams, response: { 200: PaymentIntent } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.get(request.user!.id, request.params.id);
    },
  );

  app.post(
    '/api/v1/wallets/payments/:id/simulate',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        description: 'Sandbox only (404 otherwise): pays the charge now; the signed webhook follows.',
        params: PaymentIdParams,
        body: SimulateBody.nullish(),
        response: { 202: PaymentIntent },
      },
    },
    async (request, reply) => {
      const intent = await payments.simulate(
        request.user!.id,
        request.params.id,
        request.body?.outcome ?? 'paid',
      );
      return reply.status(202).send(intent);
    },
  );

  app.post(
    '/api/v1/wallets/checkout/create-session',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: CheckoutSessionBody, response: { 201: CheckoutSession } },
    },
    async (request, reply) => {
      const session = await payments.createCheckoutSession(payee(request.user!), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(session);
    },
  );

  // Its own scope: the body stays raw bytes here, as the signature covers them, while every other
  // route keeps the JSON parser.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      `${WEBHOOK_PATH}/:provider`,
      {
        config: { access: 'public', skipOriginCheck: true },
        schema: { tags, params: WebhookParams, response: { 200: WebhookReply } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.handleWebhook(request.params.provider, raw, request.headers);
      },
    );
  });
};
