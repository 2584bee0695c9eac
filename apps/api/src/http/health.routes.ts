import { timingSafeEqual } from 'node:crypto';
import { HealthResponse, ReadyResponse, StoreInfo } from '@numero/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import client from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Pick<Config, 'env' | 'demo' | 'metricsToken' | 'payments'>;
  /** The top-up limits staff set now (store settings, read again without a restart). */
  topupLimits: () => Promise<StoreInfo['topup_limits']>;
  /** The methods the payment provider takes only with the payer's name and CPF/CNPJ. */
  payerRequired: Readonly<StoreInfo['payer_required']>;
}> = async (app, { database, config, topupLimits, payerRequired }) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unknown',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Under load shedding (http/load-shedding.ts) liveness still answers, so a busy process is not killed;
  // readiness says 'unavailable', so a load balancer sends new traffic elsewhere until the loop recovers.
  app.get(
    '/health',
    { config: { pressureHandler: () => {} }, schema: { hide: true, response: { 200: HealthResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/v1/store',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        description:
          'Whether this store is the offline demo, its top-up limits per currency, and the payment ' +
          "methods that need the payer's name and CPF/CNPJ.",
        response: { 200: StoreInfo },
      },
    },
    async (request) => {
      // Without its database the store still tells every page what it is: the environment's limits then,
      // which the server checks again on every top-up anyway.
      const limits = await topupLimits().catch((err) => {
        request.log.warn({ err }, 'store settings unread: answering the configured top-up limits');
        return config.payments.limits;
      });
      return { demo: config.demo, topup_limits: limits, payer_required: [...payerRequired] };
    },
  );

  app.get(
    '/ready',
    {
      config: {
        pressureHandler: (_request, reply) => {
          reply.header('retry-after', '1').status(503).send({ status: 'unavailable', database: 'up' });
        },
      },
      schema: { hide: true, response: { 200: ReadyResponse, 503: ReadyResponse } },
    },
    async (_req, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: 'up' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );

  // Metrics tell an outsider traffic, routes and failure rates: only a scraper holding the token reads
  // them; without a token configured they are served in development only.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const expected = config.metricsToken ? `Bearer ${config.metricsToken}` : null;
    const given = request.headers.authorization ?? '';
    const allowed = expected
      ? given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      : config.env !== 'production';
    if (!allowed) throw new AppError('NOT_FOUND', 404);
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
};
