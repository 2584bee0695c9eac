import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own answer while shedding load (see the probes in health.routes.ts); nothing sent lets it run. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

/**
 * Sheds load before the event loop saturates: while the loop lags more than `maxEventLoopDelayMs`, new
 * requests get 503 with `Retry-After` at once instead of queueing behind work the process cannot finish
 * in time. A load balancer then sends them elsewhere, and the requests already accepted still complete.
 */
export async function registerLoadShedding(app: FastifyInstance, maxEventLoopDelayMs: number) {
  if (maxEventLoopDelayMs <= 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: 250,
    pressureHandler: (request, reply, type, value) => {
      request.log.warn({ type, value }, 'shedding load');
      reply.header('retry-after', '1');
      sendError(request, reply, 503, 'SERVICE_UNAVAILABLE');
    },
  });
}
