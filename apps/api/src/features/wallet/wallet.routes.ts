import {
  AllTransactionsQuery,
  Balance,
  CurrencyParams,
  TransactionsList,
  TransactionsQuery,
  WalletsList,
  WalletsQuery,
} from '@numero/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/lang.ts';
import { replyWithList } from '../../http/list.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];

/** Balances and history: the caller's own wallets only, never cached by the browser. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  for (const url of ['/api/v1/wallets/', '/api/v1/wallets']) {
    app.get(
      url,
      {
        config: { access: 'authenticated' },
        schema: { tags, querystring: WalletsQuery, response: { 200: WalletsList } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return replyWithList(reply, await wallet.list(request.user!.id, request.query));
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
      config: { access: 'authenticated' },
      schema: { tags, params: CurrencyParams, response: { 200: Balance } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return wallet.balance(request.user!.id, request.params.currency);
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
};
