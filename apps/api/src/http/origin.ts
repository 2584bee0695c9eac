import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Server-to-server routes (payment webhooks, the reseller protocol) are called without an Origin. */
    skipOriginCheck?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** CSRF defence: a state-changing request must come from one of our own origins, the login form included. */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('preValidation', async (request) => {
    if (SAFE.has(request.method) || request.routeOptions.config.skipOriginCheck) return;
    // The routed path, never the request line: an absolute-form target (`POST http://host/api/…`) reaches
    // the same route, so a check on request.url could be stepped around.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) throw new AppError('ORIGIN_NOT_ALLOWED', 403);
  });
}
