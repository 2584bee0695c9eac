import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { createTestApp, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';
import { recordReliability } from '../test/reliability-report.ts';
import { INJECT_ENV } from '../test/wallet-fixture.ts';

/**
 * Property-based fuzzing of every route the app registered: random path parameters, query strings,
 * bodies (JSON, form-encoded, plain text, none) and headers, sent anonymously, as a customer with money
 * in the wallet and as an admin. Whatever arrives, the answer is never a 5xx and no money moves.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** Names the routes read, so a share of the cases gets past "unknown field" into the rules behind it. */
const FIELDS = [
  'amount',
  'currency',
  'method',
  'product_id',
  'productId',
  'email',
  'password',
  'username',
  'reason',
  'role',
  'is_active',
  'full_name',
  'price_brl',
  'price_usd',
  'status',
  'skip',
  'limit',
  'search',
  'category',
  'country',
  'service',
  'name',
  'id',
  'action',
  'api_key',
  'preferred_language',
  'preferred_currency',
  'phone_number',
  'card',
  'number',
  'cvc',
  'success_url',
  'code',
  'state',
];

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  "' OR 1=1 --",
  '<script>',
  'x'.repeat(5000),
  '99999999999999999999',
  '00000000-0000-4000-8000-000000000000',
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), nasty);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string(), scalar));
const fieldName = fc.oneof(fc.constantFrom(...FIELDS), fc.string());
const record = fc.dictionary(fieldName, value, { maxKeys: 6 });

const body = fc.oneof(
  fc.constant(undefined),
  record.map((r) => ({ type: 'application/json', payload: JSON.stringify(r) })),
  fc.jsonValue().map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
  text.map((t) => ({ type: 'application/json', payload: t })),
  fc
    .dictionary(fieldName, text, { maxKeys: 6 })
    .map((r) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(r).toString() })),
  fc
    .tuple(fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data'), text)
    .map(([type, payload]) => ({
      type,
      payload,
    })),
);

const headers = fc.record(
  {
    'idempotency-key': text,
    'accept-language': fc.oneof(text, fc.constantFrom('pt-BR', 'en', 'en-US;q=0.9,pt;q=0.8')),
    'last-event-id': text,
    'x-forwarded-for': text,
  },
  { requiredKeys: [] },
);

/** Header values as HTTP can carry them: no control characters, Latin-1 only. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, '').slice(0, 512);

/** A path segment as a client would send it, or raw escapes no well-behaved client would. */
const segment = fc.oneof(
  text.map((t) => encodeURIComponent(t.toWellFormed())),
  fc.constantFrom('%00', '%ff', '%ED%A0%80', '%2e%2e%2f', '%', '%%', '..'),
);

const fillPath = (path: string, params: string[]) => {
  let i = 0;
  const next = () => params[i++ % params.length] ?? 'x';
  return path.replace(/:[A-Za-z0-9_]+/g, next).replace(/\*/g, next);
};

describe('route fuzzing: every route, random input, three kinds of caller', async () => {
  const { app, database } = await createTestApp({ env: INJECT_ENV });
  const admin = await signInAsAdmin(app);
  const customer = await signUpAndSignIn(app);
  const credit = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${customer.user.id}/wallet-adjustments`,
    headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
    payload: { currency: 'BRL', amount: 5_000, reason: 'fuzzing float' },
  });
  expect(credit.statusCode).toBe(201);

  // Ending the caller's own session is covered by the session tests; here it would only change who calls.
  const SELF_ENDING = new Set(['POST /api/v1/auth/logout']);
  const routes = [...app.declaredAccess.keys()]
    .map((key) => key.split(' ') as [string, string])
    .filter(([method]) => method !== 'HEAD' && method !== 'OPTIONS');
  routes.push(['GET', '/stubs/handler_api.php'], ['POST', '/stubs/handler_api.php']);

  const money = async () => ({
    accounts: await queryRows<{ id: number; balance: string }>(
      database.db,
      sql`SELECT id, balance::text FROM ledger_accounts ORDER BY id`,
    ),
    transfers: await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*)::text AS n FROM ledger_transfers`,
    ),
  });
  const before = await money();
  const callers = [
    { name: 'anonymous', cookie: undefined },
    { name: 'customer', cookie: customer.cookie },
    { name: 'admin', cookie: admin.cookie },
  ];
  let cases = 0;
  const statuses = new Map<number, number>();

  it.each(routes)('%s %s never answers 5xx', async (method, path) => {
    for (const caller of callers) {
      if (caller.cookie && SELF_ENDING.has(`${method} ${path}`)) continue;
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 1, maxLength: 3 }),
          fc.dictionary(
            fieldName,
            text.map((t) => t.toWellFormed()),
            { maxKeys: 5 },
          ),
          body,
          headers,
          async (params, query, sent, extra) => {
            const request: InjectOptions = {
              method: method as 'GET',
              url: fillPath(path, params),
              query,
              headers: {
                origin: TEST_ORIGIN,
                ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, headerSafe(v)])),
                ...(caller.cookie ? { cookie: caller.cookie } : {}),
                ...(sent && method !== 'GET' ? { 'content-type': sent.type } : {}),
              },
              ...(sent && method !== 'GET' ? { payload: sent.payload } : {}),
            };
            const res = await app.inject(request);
            cases++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) {
              throw new Error(`${caller.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
            }
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it('moved no money, and the books balance', async () => {
    expect(await money()).toEqual(before);
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    await recordReliability('route-fuzz', {
      routes: routes.length,
      cases,
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      moneyLost: 0,
    });
  });
});
