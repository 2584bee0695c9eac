import { HANDLER_API_PATH } from '@numero/contract/reseller';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/sql.ts';
import type { PreparedJson } from '../../http/catalog-memory.ts';
import { acceptedEncoding } from '../../http/compression.ts';
import { AppError } from '../../http/errors.ts';
import {
  type RateLimiter,
  type RateLimitHit,
  type RateLimitRule,
  rateLimited,
} from '../../http/rate-limit.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { HandlerApi } from './handler-api.service.ts';
import type { ProtocolReply } from './protocol-format.ts';
import { acceptAnyBody, requestParams } from './protocol-request.ts';

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

function send(reply: FastifyReply, answer: ProtocolReply) {
  if (answer.headers) reply.headers(answer.headers);
  reply.status(answer.status ?? 200);
  if ('json' in answer) return reply.type('application/json; charset=utf-8').send(answer.json);
  if ('prepared' in answer) return sendPrepared(reply, answer.prepared);
  if (answer.status === 204) return reply.send();
  return reply.type('text/plain; charset=utf-8').send(answer.text);
}

/**
 * A JSON answer kept ready in memory: its bytes as they are, or already compressed in the encoding the
 * client takes (nothing else in the app compresses answers, so this is the only encoding applied).
 */
function sendPrepared(reply: FastifyReply, prepared: PreparedJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(reply.request);
  const packed = encoding ? prepared.packed[encoding] : undefined;
  if (!packed) return reply.send(prepared.body);
  return reply.header('content-encoding', encoding).send(packed);
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
 * The store cannot answer now (its database is unreachable, or the process sheds load): the protocol's
 * "try again" token, with 503 and Retry-After as the website answers, so monitoring and HTTP clients
 * that honour Retry-After wait, and bots that read only the body see ERROR_SQL.
 */
const UNAVAILABLE: ProtocolReply = { text: 'ERROR_SQL', status: 503, headers: { 'retry-after': '1' } };

/**
 * A request that could not be read as a call (a body over the size limit, text the database cannot
 * hold such as a NUL): its 4xx status, and BAD_ACTION in the body, never the website's JSON error.
 */
function unreadable(status: number): ProtocolReply {
  return { text: 'BAD_ACTION', status: status >= 400 && status < 500 ? status : 400 };
}

/**
 * GET and POST /stubs/handler_api.php: the sms-activate protocol, for resellers' bots. Authenticated by the
 * api_key parameter alone (never the session cookie, so a browser cannot be made to buy), which is also
 * why it is open to every origin.
 *
 * Parameters are read as PHP's `$_REQUEST` reads them (protocol-request.ts): the query string, then any
 * body of any content type over it. HTTP status rules, the same for every action:
 * - 200 for every answer of the protocol, its own refusals included (BAD_KEY, NO_NUMBERS, …);
 * - 429 `TOO_MANY_REQUESTS` with Retry-After past a key's (or a bad-key guesser's) rate;
 * - 503 `ERROR_SQL` with Retry-After while the database is unreachable or the process sheds load;
 * - 500 `ERROR_SQL` for a failure of ours that no retry is known to fix;
 * - 4xx `BAD_ACTION` for a request that cannot be read (413 over 1 MiB, 400 for a NUL in a parameter);
 * - 405 (empty body, `Allow: GET, POST`) for any other method;
 * - HeroSMS' cancelActivation and finishActivation alone answer as HeroSMS does: 204 when done, 404 or
 *   409 with `{"title": "<TOKEN>", "details": …}` when refused.
 * The body is a protocol token or the action's JSON document, never the website's `{detail, code}`.
 */
export const handlerApiRoutes: FastifyPluginAsyncZod<{
  apiKeys: ApiKeysService;
  handlerApi: HandlerApi;
  limiter: RateLimiter;
  keyLimit?: RateLimitRule;
  now: () => Date;
}> = async (app, { apiKeys, handlerApi, limiter, keyLimit = KEY_RATE_LIMIT, now }) => {
  const config = {
    access: 'public' as const,
    skipOriginCheck: true,
    pressureHandler: (_request: FastifyRequest, reply: FastifyReply) => {
      send(reply, UNAVAILABLE);
    },
  };

  acceptAnyBody(app);
  // Whatever fails before or around the handler (body parsing, the text guard) still answers in tokens.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(err)) return send(reply, UNAVAILABLE);
    const status = (err instanceof AppError ? err.status : err.statusCode) ?? 500;
    if (status < 500) return send(reply, unreadable(status));
    request.log.error({ err }, 'reseller protocol call failed');
    return send(reply, { text: 'ERROR_SQL', status: 500 });
  });

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
        const params = requestParams(request);
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
        if (isDatabaseUnavailable(err)) {
          request.log.warn({ err }, 'reseller protocol call: database unavailable');
          return send(reply, UNAVAILABLE);
        }
        // The protocol's word for "our fault, try again"; the status tells monitoring the same.
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
