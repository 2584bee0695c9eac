import { timingSafeEqual } from 'node:crypto';
import { HealthResponse, ReadyResponse, StoreInfo } from '@numero/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import client from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from './errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  config: Pick<Config, 'env' | 'demo' | 'metricsToken'>;
}> = async (app, { database, config }) => {
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

  app.get('/health', { schema: { hide: true, response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/v1/store',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        description: 'Whether this store is the offline demo.',
        response: { 200: StoreInfo },
      },
    },
    async () => ({ demo: config.demo }),
  );

  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: ReadyResponse, 503: ReadyResponse } } },
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
