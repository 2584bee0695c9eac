import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  smsAfter,
  TEST_ORIGIN,
} from '../../test/helpers.ts';

const SMS_DELAY_MS = 2_000;

/**
 * The scripted store of the issue: 3 customers, 2 top-ups, 4 purchases, 1 refund, 1 adjustment. Every
 * figure of the reports (and the dashboard beside them) is checked to the count and the cent.
 */
describe('staff reports', async () => {
  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const [wa] = await queryRows<{ id: number; price_brl: string }>(
    database.db,
    sql`UPDATE products SET stock = 100000 WHERE sku = 'WA-BR' RETURNING id, price_brl`,
  );
  const price = Number(wa!.price_brl);
  const admin = await signInAsAdmin(app);
  const [ana, bia, caio] = [
    await signUpAndSignIn(app),
    await signUpAndSignIn(app),
    await signUpAndSignIn(app),
  ];

  const post = (url: string, who: SignedIn, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, ...headers },
      ...(payload ? { payload } : {}),
    });
  async function topUpByPix(who: SignedIn, amount: number) {
    const intent = (
      await post('/api/v1/wallets/payments/create-intent', who, { amount, currency: 'BRL', method: 'pix' })
    ).json();
    expect((await post(`/api/v1/wallets/payments/${intent.id}/simulate`, who)).statusCode).toBe(202);
    const polled = await app.inject({
      url: `/api/v1/wallets/payments/${intent.id}`,
      headers: { cookie: who.cookie },
    });
    expect(polled.json()).toMatchObject({ credited: true });
  }
  const buy = async (who: SignedIn) => {
    const res = await post(
      '/api/v1/activations',
      who,
      { product_id: wa!.id, currency: 'BRL' },
      { 'idempotency-key': `k-${randomUUID()}` },
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  };

  await topUpByPix(ana, 5_000);
  await topUpByPix(bia, 3_000);
  const adjusted = await post(`/api/v1/admin/users/${caio.user.id}/wallet-adjustments`, admin, {
    currency: 'BRL',
    amount: 2_000,
    reason: 'Pagamento falhou',
  });
  expect(adjusted.statusCode).toBe(201);
  await buy(ana);
  await buy(ana);
  await buy(bia);
  const refunded = await buy(caio);
  expect((await post(`/api/v1/activations/${refunded.id}/cancel`, caio)).statusCode).toBe(200);
  clock.advance(SMS_DELAY_MS + 1_000);
  await app.scheduler.runOnce();

  const report = async (query = '', who: SignedIn = admin) =>
    app.inject({ url: `/api/v1/admin/reports${query}`, headers: { cookie: who.cookie } });
  const today = clock.now().toISOString().slice(0, 10);

  it('counts every order, cent, rate and top-up of the scripted store', async () => {
    const res = await report();
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.period).toBe('day');
    expect(r.revenue).toHaveLength(30);
    expect(r.revenue.at(-1)).toEqual({
      bucket: today,
      BRL: 3 * price,
      USD: 0,
      orders: 4,
      rentals_BRL: 0,
      rentals_USD: 0,
      rentals: 0,
    });
    expect(
      r.revenue.slice(0, -1).every((p: { BRL: number; orders: number }) => p.BRL === 0 && p.orders === 0),
    ).toBe(true);
    const top = { orders: 4, captured: 3, revenue_brl: 3 * price, revenue_usd: 0 };
    expect(r.top_services).toEqual([{ code: 'wa', name: 'WhatsApp', ...top }]);
    expect(r.top_countries).toEqual([{ code: 'BR', name: 'Brasil', ...top }]);
    expect(r.rates).toEqual({ settled: 4, captured: 3, refunded: 1, success_rate: 0.75, refund_rate: 0.25 });
    expect(r.topups_by_method).toEqual([{ method: 'pix', currency: 'BRL', count: 2, amount: 8_000 }]);
    expect(r.adjustments).toEqual({ count: 1, BRL: 2_000, USD: 0 });

    // The dashboard and the stats endpoints tell the same story.
    const stats = (url: string) =>
      app.inject({ url, headers: { cookie: admin.cookie } }).then((x) => x.json());
    const dashboard = await stats('/api/v1/admin/dashboard/stats');
    expect(dashboard.total_orders).toBe(4);
    expect(dashboard.total_revenue_cents).toBe(3 * price);
    const orders = await stats('/api/v1/admin/orders/stats');
    expect(orders.orders_by_status).toMatchObject({ cancelled: 1 });
  });

  it('every stats endpoint and each wallet tell the same story, to the count and the cent', async () => {
    const stats = (url: string) =>
      app.inject({ url, headers: { cookie: admin.cookie } }).then((x) => {
        expect(x.statusCode, url).toBe(200);
        return x.json();
      });
    expect(await stats('/api/v1/admin/dashboard/stats')).toMatchObject({
      total_users: 4,
      active_users: 4,
      users_by_role: { CUSTOMER: 3, ADMIN: 1 },
      total_orders: 4,
      recent_orders: 4,
      total_revenue_cents: 3 * price,
      total_revenue_usd_cents: 0,
    });
    expect(await stats('/api/v1/admin/users/stats')).toEqual({
      total: 4,
      active: 4,
      inactive: 0,
      administrators: 1,
    });
    const orders = await stats('/api/v1/admin/orders/stats');
    expect(orders).toMatchObject({
      total_orders: 4,
      recent_orders_count: 4,
      // Every BRL order, the refunded one included, at one price.
      avg_order_value_cents: price,
      orders_by_status: {
        pending: 0,
        waiting_sms: 0,
        code_received: 3,
        finished: 0,
        cancelled: 1,
        expired: 0,
        failed: 0,
      },
    });
    expect(orders.recent_orders).toHaveLength(4);
    expect(await stats('/api/v1/admin/revenue/stats')).toMatchObject({
      total_revenue_cents: 3 * price,
      monthly_revenue_cents: 3 * price,
      weekly_revenue_cents: 3 * price,
      daily_revenue_cents: 3 * price,
      paid_transactions: 3,
      avg_transaction_value_cents: price,
      total_revenue_usd_cents: 0,
      paid_transactions_usd: 0,
    });
    // Each wallet: top-ups and the adjustment in, captured purchases out, the refund back.
    const balances = await Promise.all(
      [ana, bia, caio].map(
        async (who) => (await stats(`/api/v1/admin/users/${who.user.id}/detail`)).balances,
      ),
    );
    expect(balances).toEqual([
      { BRL: 5_000 - 2 * price, USD: 0 },
      { BRL: 3_000 - price, USD: 0 },
      { BRL: 2_000, USD: 0 },
    ]);
  });

  it('sums the same money by week and by month', async () => {
    for (const period of ['week', 'month']) {
      const r = (await report(`?period=${period}`)).json();
      expect(r.revenue).toHaveLength(12);
      const sum = r.revenue.reduce((s: number, p: { BRL: number }) => s + p.BRL, 0);
      const orders = r.revenue.reduce((s: number, p: { orders: number }) => s + p.orders, 0);
      expect({ period, sum, orders }).toEqual({ period, sum: 3 * price, orders: 4 });
    }
    const past = (await report('?from=2020-01-01&to=2020-01-31')).json();
    expect(past.revenue).toHaveLength(31);
    expect(past.rates.settled).toBe(0);
  });

  it('is for ADMIN and MANAGER only, and refuses bad input with a 422', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    expect((await report('', manager)).statusCode).toBe(200);
    expect((await report('', ana)).statusCode).toBe(403);
    expect(app.declaredAccess.get('GET /api/v1/admin/reports')).toEqual(['MANAGER', 'ADMIN']);
    for (const q of ['?period=year', '?from=2025-13-01', '?from=2025-02-01&to=2025-01-01', '?to=yesterday']) {
      const res = await report(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
