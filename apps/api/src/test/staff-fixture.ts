import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { productId, topUp } from './activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  smsAfter,
  TEST_ORIGIN,
} from './helpers.ts';

/** The simulator delivers every SMS exactly this long after the number is assigned. */
export const SMS_DELAY_MS = 5_000;

/** A store with an admin signed in, WA-BR in stock and helpers to act as staff or as a customer. */
export async function createStaffFixture() {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const admin = await signInAsAdmin(app);
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  const get = (url: string, who: SignedIn | null = admin, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    who: SignedIn | null = admin,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const patch = (id: number | string, body: unknown) => send('PATCH', `/api/v1/admin/products/${id}`, body);
  const totalOf = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);

  async function customer(balance = 10_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    if (balance > 0) await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const balanceOf = (who: SignedIn) => ledger.walletBalance(who.user.id, 'BRL');
  const buy = (who: SignedIn, product = wa.id) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: product, currency: 'BRL' },
    });
  const auditRows = (entityType: string, entityId: string) =>
    queryRows<{ action: string; actor_email: string; before: unknown; after: unknown; ip: string | null }>(
      database.db,
      sql`SELECT action, actor_email, before, after, ip FROM audit_logs
          WHERE entity_type = ${entityType} AND entity_id = ${entityId} ORDER BY id`,
    );

  /** Every route answers 401 to a visitor and 403 to a CUSTOMER and a MANAGER, and is declared ADMIN-only. */
  async function expectAdminOnly(routes: [string, string, unknown?][]) {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    const buyer = await customer();
    for (const [method, url, payload] of routes) {
      for (const [who, status] of [
        [null, 401],
        [buyer, 403],
        [manager, 403],
      ] as const) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
          ...(payload ? { payload: payload as object } : {}),
        });
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status });
      }
      expect(
        app.declaredAccess.get(
          `${method} ${url.replace(/\/[0-9a-f-]{36}\//, '/:id/').replace(/\/\d+$/, '/:id')}`,
        ),
      ).toEqual(['ADMIN']);
    }
  }

  return {
    clock,
    app,
    database,
    ledger,
    admin,
    wa,
    get,
    send,
    patch,
    totalOf,
    customer,
    balanceOf,
    buy,
    auditRows,
    expectAdminOnly,
  };
}
