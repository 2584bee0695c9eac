import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  smsAfter,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 2_000;

/**
 * Rentals in the staff reports: one rental extended then finished (its price and its extension captured),
 * one cancelled in its window (refunded), and one activation that got its code, all on the ledger.
 */
describe('staff reports with rentals', async () => {
  // The ledger dates its entries by the database's clock: the test clock starts at the real now.
  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  // Rent price = activation price × factor / 100 (4 h: 300 %).
  const fourHours = Math.ceil((wa.price * 300) / 100);
  const admin = await signInAsAdmin(app);
  const ana: SignedIn = await signUpAndSignIn(app);
  await topUp(database, ledger, ana.user.id, 100_000);

  const post = (url: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, cookie: ana.cookie, 'idempotency-key': `k-${randomUUID()}` },
      ...(payload ? { payload } : {}),
    });
  const rent = async () => {
    const res = await post('/api/v1/rentals', { product_id: wa.id, currency: 'BRL', hours: 4 });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };

  const kept = await rent();
  expect((await post(`/api/v1/rentals/${kept.id}/extend`, { hours: 4 })).statusCode).toBe(201);
  expect((await post(`/api/v1/rentals/${kept.id}/finish`)).json()).toMatchObject({ settled: 'captured' });
  const cancelled = await rent();
  expect((await post(`/api/v1/rentals/${cancelled.id}/cancel`)).json()).toMatchObject({
    settled: 'refunded',
  });
  expect((await post('/api/v1/activations', { product_id: wa.id, currency: 'BRL' })).statusCode).toBe(201);
  clock.advance(SMS_DELAY_MS + 1_000);
  await app.scheduler.runOnce();

  const get = async (url: string) => {
    const res = await app.inject({ url, headers: { cookie: admin.cookie } });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };

  it('adds rental revenue to the day’s revenue, names its part, and counts the rentals started', async () => {
    const r = await get('/api/v1/admin/reports');
    expect(r.revenue.at(-1)).toEqual({
      bucket: clock.now().toISOString().slice(0, 10),
      BRL: wa.price + 2 * fourHours,
      USD: 0,
      orders: 1,
      rentals_BRL: 2 * fourHours,
      rentals_USD: 0,
      rentals: 2,
    });
    // The success and refund rates stay those of activations: a rental has no code to wait for.
    expect(r.rates).toMatchObject({ settled: 1, captured: 1, refunded: 0 });
    // The revenue accounts hold the same money the reports add up.
    const dashboard = await get('/api/v1/admin/dashboard/stats');
    expect(dashboard.total_revenue_cents).toBe(wa.price + 2 * fourHours);
  });

  it('sums the rentals the same way by month', async () => {
    const r = await get('/api/v1/admin/reports?period=month');
    const total = (key: string) =>
      r.revenue.reduce((s: number, p: Record<string, number>) => s + (p[key] ?? 0), 0);
    expect([total('BRL'), total('rentals_BRL'), total('rentals')]).toEqual([
      wa.price + 2 * fourHours,
      2 * fourHours,
      2,
    ]);
  });
});
