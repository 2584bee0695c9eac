import { HANDLER_API_PATH } from '@numero/contract/reseller';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/sql.ts';
import {
  type RateLimiter,
  type RateLimitHit,
  type RateLimitRule,
  rateLimited,
} from '../../http/rate-limit.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { HandlerApi } from './handler-api.service.ts';
import type { ProtocolParams, ProtocolReply } from './protocol-format.ts';

/**
 * Per key, every action counted, purchases included (the website's purchase limit does not apply to
 * keys): a busy bot polling getStatus for many numbers stays well inside it. RESELLER_REQUESTS_PER_SECOND
 * sets it.
 */
export const KEY_RATE_LIMIT: RateLimitRule = { limit: 60, windowMs: 1_000 };
/** Per address, counting only refused keys: guessing is pointless (256 bits), but each guess costs a lookup. */
const BAD_KEY_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 };

/** The methods the protocol does not use, answered here so that no 404 log line ever carries a key. */
const OTHER_METHODS = ['HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Query and body merged (the body wins), each parameter as one string; repeated ones keep the first. */
function paramsOf(request: FastifyRequest): ProtocolParams {
  const params: Record<string, string> = Object.create(null);
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [name, raw] of Object.entries(source)) {
      const value: unknown = Array.isArray(raw) ? raw[0] : raw;
      if (typeof value === 'string' || typeof value === 'number') params[name] = String(value);
    }
  }
  return params;
}

function send(reply: FastifyReply, answer: ProtocolReply) {
  if ('json' in answer) return reply.status(200).type('application/json; charset=utf-8').send(answer.json);
  if (answer.headers) reply.headers(answer.headers);
  return reply
    .status(answer.status ?? 200)
    .type('text/plain; charset=utf-8')
    .send(answer.text);
}

/**
 * Too many calls. sms-activate documents no token for this, so the answer is HTTP 429 with Retry-After,
 * which HTTP clients (our own sms-activate client included) already treat as "try again later", and the
 * body names the cause for bots that only read the body.
 */
function tooMany(reply: FastifyReply, hit: RateLimitHit, at: Date) {
  const { headers } = rateLimited(hit.resetAt, at);
  return send(reply, { text: 'TOO_MANY_REQUESTS', status: 429, headers });
}

/**
 * GET and POST /stubs/handler_api.php: the sms-activate protocol, for resellers' bots. Authenticated by the
 * api_key parameter alone (never the session cookie, so a browser cannot be made to buy), which is also
 * why it is open to every origin.
 */
export const handlerApiRoutes: FastifyPluginAsyncZod<{
  apiKeys: ApiKeysService;
  handlerApi: HandlerApi;
  limiter: RateLimiter;
  keyLimit?: RateLimitRule;
  now: () => Date;
}> = async (app, { apiKeys, handlerApi, limiter, keyLimit = KEY_RATE_LIMIT, now }) => {
  const config = { access: 'public' as const, skipOriginCheck: true };

  app.route({
    method: ['GET', 'POST'],
    url: HANDLER_API_PATH,
    // The protocol buys with GET; a HEAD must not.
    exposeHeadRoute: false,
    config,
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const params = paramsOf(request);
        const holder = params.api_key ? await apiKeys.authenticate(params.api_key) : null;
        if (!holder) {
          const hit = await limiter.hit(`reseller:bad-key:${request.ip}`, BAD_KEY_RATE_LIMIT);
          if (hit.count > BAD_KEY_RATE_LIMIT.limit) return tooMany(reply, hit, now());
          return send(reply, { text: 'BAD_KEY' });
        }
        const hit = await limiter.hit(`reseller:key:${holder.keyId}`, keyLimit);
        if (hit.count > keyLimit.limit) return tooMany(reply, hit, now());
        return send(reply, await handlerApi.run(holder, params.action, params));
      } catch (err) {
        // The protocol's word for "our fault, try again"; the status tells monitoring the same, and a
        // database out of reach is a 503 with Retry-After, as the website answers it.
        if (isDatabaseUnavailable(err))
          return send(reply, { text: 'ERROR_SQL', status: 503, headers: { 'retry-after': '1' } });
        request.log.error({ err }, 'reseller protocol call failed');
        return send(reply, { text: 'ERROR_SQL', status: 500 });
      }
    },
  });

  app.route({
    method: [...OTHER_METHODS],
    url: HANDLER_API_PATH,
    config,
    schema: { hide: true },
    handler: async (_request, reply) => reply.status(405).header('allow', 'GET, POST').send(),
  });
};
