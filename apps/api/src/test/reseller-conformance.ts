import type { AddressInfo } from 'node:net';
import { HANDLER_API_PATH } from '@numero/contract/reseller';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { productId, topUp } from './activations-fixture.ts';
import { createClock, createTestApp, signUpAndSignIn, smsAfter } from './helpers.ts';
import { createApiKey } from './reseller-fixture.ts';

export const SMS_DELAY_MS = 5_000;
export const INT32_MAX = 2_147_483_647;

export interface Answer {
  status: number;
  body: string;
  type: string;
  json: () => ReturnType<typeof JSON.parse>;
}

/**
 * The shapes in which published clients send a call: a GET with a query string, a urlencoded POST, a
 * multipart POST (requests' `files=`, axios' FormData), and a POST with everything in the URL and an
 * empty application/octet-stream body (aiohttp's `post(url, params=…)`).
 */
export const SHAPES = ['GET', 'POST', 'MULTIPART', 'QUERY_POST'] as const;
export type Shape = (typeof SHAPES)[number];

function request(shape: Shape, params: Record<string, string>, form: string): [string, RequestInit] {
  switch (shape) {
    case 'GET':
      return [`?${form}`, {}];
    case 'POST':
      return [
        '',
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
      ];
    case 'MULTIPART': {
      const body = new FormData();
      for (const [name, value] of Object.entries(params)) body.append(name, value);
      return ['', { method: 'POST', body }];
    }
    case 'QUERY_POST':
      return [
        `?${form}`,
        { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array() },
      ];
  }
}

/**
 * The store listening on a loopback port, spoken to the way a bot does: real HTTP, GET with a query
 * string or POST with a form. Every answer is checked for what whole-body comparisons need: no
 * surrounding whitespace, no newline, and never a 5xx.
 */
export async function conformanceBed(env: Record<string, string> = {}) {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database, config } = await createTestApp({
    now: clock.now,
    env: {
      ...smsAfter(SMS_DELAY_MS),
      ...env,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${HANDLER_API_PATH}`;
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE stock > 0`);

  async function raw(params: Record<string, string>, shape: Shape = 'GET'): Promise<Answer> {
    const form = new URLSearchParams(params).toString();
    const [query, init] = request(shape, params, form);
    const res = await fetch(`${base}${query}`, init);
    const body = await res.text();
    expect(res.status, `${shape} ${params.action}: ${body}`).toBeLessThan(500);
    expect(body, 'no surrounding whitespace').toBe(body.trim());
    expect(body, "never the website's JSON error").not.toMatch(/^\{"detail"/);
    return {
      status: res.status,
      body,
      type: res.headers.get('content-type') ?? '',
      json: () => JSON.parse(body),
    };
  }

  /** A reseller with a key and, unless told otherwise, R$ 100,00 in the wallet. */
  async function reseller(balance = 10_000) {
    const signed = await signUpAndSignIn(app);
    if (balance > 0) await topUp(database, ledger, signed.user.id, balance);
    const key = await createApiKey(app, signed);
    const call = (action: string, params: Record<string, string> = {}, shape: Shape = 'GET') =>
      raw({ api_key: key, action, ...params }, shape);
    /** The same call in every shape clients send it: every answer must be the same (status and body). */
    const allWays = async (action: string, params: Record<string, string> = {}) => {
      const get = await call(action, params);
      for (const shape of SHAPES.slice(1)) {
        const other = await call(action, params, shape);
        expect(other.body, `${action} as ${shape}`).toBe(get.body);
        expect(other.status, `${action} as ${shape}`).toBe(get.status);
      }
      return get;
    };
    return { ...signed, key, call, allWays, balance: () => ledger.walletBalance(signed.user.id, 'BRL') };
  }

  const smsArrives = async () => {
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
  };

  return { app, database, config, clock, ledger, wa, base, raw, reseller, smsArrives };
}
export type ConformanceBed = Awaited<ReturnType<typeof conformanceBed>>;
export type Reseller = Awaited<ReturnType<ConformanceBed['reseller']>>;

/** An id as the published clients read it: parseInt and Number give back the same positive int32. */
export function expectClientSafeId(id: string | number) {
  const text = String(id);
  expect(text).toMatch(/^[1-9]\d*$/);
  expect(Number.parseInt(text, 10)).toBe(Number(text));
  expect(Number(text)).toBeLessThanOrEqual(INT32_MAX);
}
