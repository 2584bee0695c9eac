import {
  AllTransactionsQuery,
  Balance,
  CheckoutSession,
  CheckoutSessionBody,
  ConfirmIntentBody,
  CreateIntentBody,
  CurrencyParams,
  PaymentIdParams,
  PaymentIntent,
  PendingPaymentsList,
  PendingPaymentsQuery,
  SimulateBody,
  TransactionsList,
  TransactionsQuery,
  WalletsList,
  WalletsQuery,
  WebhookParams,
  WebhookReply,
} from '@numero/contract/wallet';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/lang.ts';
import { replyWithList } from '../../http/list.ts';
import type { createPaymentConfirmation } from './confirm-payment.ts';
import type { OwnedPayments } from './owned-payments.ts';
import { WEBHOOK_PATH } from './payment-providers.ts';
import type { createPaymentWebhooks } from './payment-webhooks.ts';
import type { createPaymentPoll } from './poll-payment.ts';
import type { createSandboxPayments } from './sandbox-payments.ts';
import type { createTopupIntents } from './topup-intents.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];
const paymentTags = ['payments'];
/** A provider event is a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Balances, history and top-ups: the caller's own wallets only, never cached by the browser; and the
 * payment providers' webhooks that credit them.
 */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  intents: ReturnType<typeof createTopupIntents>;
  pending: Pick<OwnedPayments, 'listOpen'>;
  poll: ReturnType<typeof createPaymentPoll>;
  confirmation: ReturnType<typeof createPaymentConfirmation>;
  simulate: ReturnType<typeof createSandboxPayments>['simulate'];
  webhooks: ReturnType<typeof createPaymentWebhooks>;
}> = async (app, { wallet, intents, pending, poll, confirmation, simulate, webhooks }) => {
  for (const url of ['/api/v1/wallets/', '/api/v1/wallets']) {
    app.get(
      url,
      {
        config: { access: 'authenticated', readsWallets: true },
        schema: { tags, querystring: WalletsQuery, response: { 200: WalletsList } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return replyWithList(reply, await wallet.list(request.user!.id, request.query, request.wallets));
      },
    );
  }

  // Static segments win over :currency, so these never read "transactions" as a currency.
  app.get(
    '/api/v1/wallets/transactions/all',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: AllTransactionsQuery, response: { 200: TransactionsList } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { currency, ...page } = request.query;
      return replyWithList(
        reply,
        await wallet.transactions(request.user!.id, currency ?? null, page, requestLanguage(request)),
      );
    },
  );

  app.get(
    '/api/v1/wallets/:currency/balance',
    {
      config: { access: 'authenticated', readsWallets: true },
      schema: { tags, params: CurrencyParams, response: { 200: Balance } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return wallet.balance(request.user!.id, request.params.currency, request.wallets);
    },
  );

  app.get(
    '/api/v1/wallets/:currency/transactions',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: CurrencyParams,
        querystring: TransactionsQuery,
        response: { 200: TransactionsList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return replyWithList(
        reply,
        await wallet.transactions(
          request.user!.id,
          request.params.currency,
          request.query,
          requestLanguage(request),
        ),
      );
    },
  );

  const payee = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

  app.post(
    '/api/v1/wallets/payments/create-intent',
    {
      config: { access: 'authenticated' },
      schema: { tags: paymentTags, body: CreateIntentBody, response: { 201: PaymentIntent } },
    },
    async (request, reply) => {
      const intent = await intents.createIntent(payee(request.user!), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(intent);
    },
  );

  app.post(
    '/api/v1/wallets/payments/intent/:id/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: paymentTags,
        params: PaymentIdParams,
        body: ConfirmIntentBody.nullish(),
        response: { 200: PaymentIntent },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmation.confirm(request.user!.id, request.params.id, request.body);
    },
  );

  // A static segment: it wins over :id.
  app.get(
    '/api/v1/wallets/payments/pending',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: paymentTags,
        description: 'The caller’s PIX and boleto top-ups still open to payment, newest first.',
        querystring: PendingPaymentsQuery,
        response: { 200: PendingPaymentsList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return replyWithList(reply, await pending.listOpen(request.user!.id, request.query));
    },
  );

  app.get(
    '/api/v1/wallets/payments/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: paymentTags, params: PaymentIdParams, response: { 200: PaymentIntent } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return poll.get(request.user!.id, request.params.id);
    },
  );

  app.post(
    '/api/v1/wallets/payments/:id/simulate',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: paymentTags,
        description: 'Sandbox only (404 otherwise): pays the charge now; the signed webhook follows.',
        params: PaymentIdParams,
        body: SimulateBody.nullish(),
        response: { 202: PaymentIntent },
      },
    },
    async (request, reply) => {
      const intent = await simulate(request.user!.id, request.params.id, request.body?.outcome ?? 'paid');
      return reply.status(202).send(intent);
    },
  );

  app.post(
    '/api/v1/wallets/checkout/create-session',
    {
      config: { access: 'authenticated' },
      schema: { tags: paymentTags, body: CheckoutSessionBody, response: { 201: CheckoutSession } },
    },
    async (request, reply) => {
      const session = await intents.createCheckoutSession(payee(request.user!), request.body);
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
        schema: { tags: paymentTags, params: WebhookParams, response: { 200: WebhookReply } },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return webhooks.handleWebhook(request.params.provider, raw, request.headers);
      },
    );
  });
};
