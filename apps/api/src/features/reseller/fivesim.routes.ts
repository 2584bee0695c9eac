import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/sql.ts';
import { AppError } from '../../http/errors.ts';
import { type RateLimiter, type RateLimitRule, rateLimited } from '../../http/rate-limit.ts';
import type { ApiKeysService, KeyHolder } from '../account/api-keys.service.ts';
import type { FivesimAnswers } from './fivesim-answers.ts';
import type { FivesimReply } from './fivesim-format.ts';

/** The store's own home currency prices the guest lists (5sim's guests see its own currency too). */
const GUEST_CURRENCY = 'BRL';

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;

function send(reply: FastifyReply, answer: FivesimReply) {
  reply.status(answer.status).header('cache-control', 'no-store');
  if ('json' in answer) return reply.type('application/json; charset=utf-8').send(answer.json);
  return reply.type('text/plain; charset=utf-8').send(answer.text);
}

/** One string per query parameter (the last of a repeated one). */
function one(query: Query, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value.at(-1) : value;
}

/** The API key of `Authorization: Bearer <key>`, as 5sim's clients send their token. */
function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The 5sim-compatible REST API under /v1: the customer's API key as a Bearer token, 5sim's paths, JSON
 * shapes, statuses and plain-text errors, over the same purchases, refunds, per-key limit and webhooks as
 * handler_api.php. Errors are never the website's JSON: 401 for a bad token, 400/404 with 5sim's words,
 * 429 past the key's rate, 503 with Retry-After while the database is unreachable.
 */
export const fivesimRoutes: FastifyPluginAsync<{
  apiKeys: ApiKeysService;
  answers: FivesimAnswers;
  limiter: RateLimiter;
  keyLimit: RateLimitRule;
  now: () => Date;
}> = async (app, { apiKeys, answers, limiter, keyLimit, now }) => {
  const config = { access: 'public' as const, skipOriginCheck: true };
  const schema = { hide: true };

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(err)) {
      reply.header('retry-after', '1');
      return send(reply, { status: 503, text: 'server offline' });
    }
    const status = (err instanceof AppError ? err.status : err.statusCode) ?? 500;
    if (status < 500) return send(reply, { status, text: 'bad request' });
    request.log.error({ err }, '5sim-compatible call failed');
    return send(reply, { status: 500, text: 'server error' });
  });

  /** The key holder, or the answer that refuses the call (401, or 429 past the key's rate). */
  async function holderOf(request: FastifyRequest, reply: FastifyReply): Promise<KeyHolder | FivesimReply> {
    const key = bearer(request);
    const holder = key ? await apiKeys.authenticate(key) : null;
    if (!holder) return { status: 401, text: 'unauthorized' };
    // One budget per key across both protocols.
    const hit = await limiter.hit(`reseller:key:${holder.keyId}`, keyLimit);
    if (hit.count <= keyLimit.limit) return holder;
    reply.headers(rateLimited(hit.resetAt, now()).headers);
    return { status: 429, text: 'too many requests' };
  }

  /** A user route: authenticated and paced, then answered. */
  const user =
    (run: (holder: KeyHolder, params: Params, query: Query) => Promise<FivesimReply>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const holder = await holderOf(request, reply);
      if ('status' in holder) return send(reply, holder);
      return send(reply, await run(holder, request.params as Params, request.query as Query));
    };

  app.get(
    '/v1/user/profile',
    { config, schema },
    user((holder) => answers.profile(holder)),
  );
  app.get(
    '/v1/user/buy/activation/:country/:operator/:product',
    { config, schema },
    user((holder, p, q) =>
      answers.buyActivation(
        holder,
        { country: p.country!, operator: p.operator!, product: p.product! },
        { maxPrice: one(q, 'maxPrice'), reuse: one(q, 'reuse') },
      ),
    ),
  );
  // Hosting: a number held for a day (rentals), ordered and ended through the same order paths.
  app.get(
    '/v1/user/buy/hosting/:country/:operator/:product',
    { config, schema },
    user((holder, p) =>
      answers.buyHosting(holder, { country: p.country!, operator: p.operator!, product: p.product! }),
    ),
  );
  app.get(
    '/v1/user/reuse/:product/:number',
    { config, schema },
    user((holder, p) => answers.reuse(holder, { product: p.product!, number: p.number! })),
  );
  app.get(
    '/v1/user/check/:id',
    { config, schema },
    user((holder, p) => answers.check(holder, p.id!)),
  );
  for (const how of ['finish', 'cancel', 'ban'] as const)
    app.get(
      `/v1/user/${how}/:id`,
      { config, schema },
      user((holder, p) => answers.end(holder, p.id!, how)),
    );
  const history = (q: Query) => ({
    limit: one(q, 'limit'),
    offset: one(q, 'offset'),
    reverse: one(q, 'reverse'),
  });
  app.get(
    '/v1/user/orders',
    { config, schema },
    user((holder, _p, q) => answers.orders(holder, { ...history(q), category: one(q, 'category') })),
  );
  app.get(
    '/v1/user/payments',
    { config, schema },
    user((holder, _p, q) => answers.payments(holder, history(q))),
  );
  app.get(
    '/v1/user/sms/inbox/:id',
    { config, schema },
    user((holder, p) => answers.inbox(holder, p.id!)),
  );

  app.get('/v1/guest/countries', { config, schema }, async (_request, reply) =>
    send(reply, await answers.countries()),
  );
  app.get('/v1/guest/products/:country/:operator', { config, schema }, async (request, reply) => {
    const { country, operator } = request.params as Params;
    return send(reply, await answers.products(GUEST_CURRENCY, { country: country!, operator: operator! }));
  });
  app.get('/v1/guest/prices', { config, schema }, async (request, reply) => {
    const query = request.query as Query;
    return send(
      reply,
      await answers.prices(GUEST_CURRENCY, {
        country: one(query, 'country'),
        product: one(query, 'product'),
      }),
    );
  });
};
