import { randomUUID } from 'node:crypto';
import type { Currency } from '@numero/contract/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { topUp } from '../../test/activations-fixture.ts';
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
import { createAdminRepository } from './admin.repository.ts';
import { createAdminStatsService } from './admin-stats.service.ts';

const SMS_DELAY_MS = 2_000;
const HOUR = 60 * 60_000;

describe('admin statistics', async () => {
  // The app's clock starts at the real time (the ledger stamps its rows with the database's clock) and is
  // moved forward only past the simulator's SMS delay.
  const clock = createClock();
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const [wa] = await queryRows<{ id: number; price_brl: string; price_usd: string }>(
    database.db,
    sql`UPDATE products SET stock = 100000 WHERE sku = 'WA-BR' RETURNING id, price_brl, price_usd`,
  );
  const priceBrl = Number(wa!.price_brl);
  const priceUsd = Number(wa!.price_usd);
  const [{ n: productCount } = { n: 0 }] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM products`,
  );
  // One product taken off sale, so active and inactive both have something to count.
  await database.db.execute(sql`UPDATE products SET is_active = false WHERE sku = 'DS-PH'`);

  const admin = await signInAsAdmin(app);
  const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
  const customer = await signUpAndSignIn(app);
  const buyer = await signUpAndSignIn(app);
  const dormant = await signUpAndSignIn(app);
  await database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${dormant.user.id}`);

  const get = (url: string, who?: SignedIn) =>
    app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
  const buy = (currency: Currency) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie, 'idempotency-key': `k-${randomUUID()}` },
      payload: { product_id: wa!.id, currency },
    });

  // Three orders: one in BRL whose SMS arrives (captured), one in BRL cancelled before its SMS
  // (refunded), one in USD captured. Revenue: one BRL price and one USD price, never added together.
  await topUp(database, ledger, buyer.user.id, 10_000, 'BRL');
  await topUp(database, ledger, buyer.user.id, 10_000, 'USD');
  const paidBrl = (await buy('BRL')).json();
  const paidUsd = (await buy('USD')).json();
  const cancelled = (await buy('BRL')).json();
  const cancel = await app.inject({
    method: 'POST',
    url: `/api/v1/activations/${cancelled.id}/cancel`,
    headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
  });
  expect(cancel.statusCode).toBe(200);
  clock.advance(SMS_DELAY_MS + 1_000);
  await app.scheduler.runOnce();

  it('the dashboard counts users, products, categories, orders and BRL revenue from the data', async () => {
    const res = await get('/api/v1/admin/dashboard/stats', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      total_users: 5,
      active_users: 4,
      users_by_role: { CUSTOMER: 3, USER: 0, PREMIUM: 0, MANAGER: 1, ADMIN: 1 },
      total_products: productCount,
      active_products: productCount - 1,
      total_categories: 3,
      total_orders: 3,
      recent_orders: 3,
      total_revenue_cents: priceBrl,
      total_revenue_usd_cents: priceUsd,
      current_user_role: 'ADMIN',
    });
    const [{ n: audits } = { n: -1 }] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM audit_logs`,
    );
    expect(body.recent_audit_logs_count).toBe(audits);
    expect(Object.keys(body).sort()).toEqual(
      [
        'total_users',
        'active_users',
        'users_by_role',
        'total_products',
        'active_products',
        'total_categories',
        'total_orders',
        'total_revenue_cents',
        'total_revenue_usd_cents',
        'recent_orders',
        'recent_audit_logs_count',
        'current_user_role',
        'recent_activity',
      ].sort(),
    );
  });

  it('recent activity is the latest 5 audit entries, newest first, with who did it', async () => {
    const body = (await get('/api/v1/admin/dashboard/stats', manager)).json();
    expect(body.current_user_role).toBe('MANAGER');
    expect(body.recent_activity).toHaveLength(5);
    for (const entry of body.recent_activity) {
      expect(Object.keys(entry).sort()).toEqual([
        'action',
        'created_at',
        'entity_type',
        'user_email',
        'user_id',
      ]);
    }
    const times = body.recent_activity.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The last sign-in made here (the dormant user's) is among them, attributed to that user.
    expect(body.recent_activity).toContainEqual(
      expect.objectContaining({
        action: 'LOGIN',
        entity_type: 'users',
        user_id: dormant.user.id,
        user_email: dormant.user.email,
      }),
    );
  });

  it('counts only the last 24 hours as recent', async () => {
    const before = (await get('/api/v1/admin/dashboard/stats', admin)).json().recent_audit_logs_count;
    const old = new Date(clock.now().getTime() - 25 * HOUR).toISOString();
    await database.db.execute(
      sql`INSERT INTO audit_logs (action, entity_type, created_at) VALUES ('LOGIN', 'users', ${old}::timestamptz)`,
    );
    const after = (await get('/api/v1/admin/dashboard/stats', admin)).json().recent_audit_logs_count;
    expect(after).toBe(before);
  });

  it('product stats: totals, per category and the latest products named "Service · Country"', async () => {
    const res = await get('/api/v1/admin/products/stats', manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      total_products: productCount,
      active_products: productCount - 1,
      inactive_products: 1,
    });
    expect(Object.keys(body.products_by_category).sort()).toEqual(['sms', 'verification', 'whatsapp']);
    const perCategory = Object.values(body.products_by_category as Record<string, number>);
    expect(perCategory.reduce((a, b) => a + b, 0)).toBe(productCount);
    expect(body.recent_products).toHaveLength(5);
    expect(body.recent_products[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^.+ · .+$/),
      price_base_cents: expect.any(Number),
      is_active: expect.any(Boolean),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const english = (
      await app.inject({
        url: '/api/v1/admin/products/stats',
        headers: { cookie: manager.cookie, 'accept-language': 'en' },
      })
    ).json();
    const wa = english.recent_products.find((p: { name: string }) => p.name === 'WhatsApp · Brazil');
    const waPt = body.recent_products.find((p: { name: string }) => p.name === 'WhatsApp · Brasil');
    // Both or neither: the latest five are the same rows in either language.
    expect(Boolean(wa)).toBe(Boolean(waPt));
  });

  it('order stats: by status, last 24 hours, average BRL order and the latest orders', async () => {
    const body = (await get('/api/v1/admin/orders/stats', admin)).json();
    expect(body).toMatchObject({
      total_orders: 3,
      recent_orders_count: 3,
      avg_order_value_cents: priceBrl,
      avg_order_value_usd_cents: priceUsd,
      orders_by_status: {
        pending: 0,
        waiting_sms: 0,
        code_received: 2,
        finished: 0,
        cancelled: 1,
        expired: 0,
        failed: 0,
      },
    });
    expect(body.recent_orders).toHaveLength(3);
    const byId = new Map(body.recent_orders.map((o: { id: string }) => [o.id, o]));
    expect(byId.get(paidBrl.id)).toEqual({
      id: paidBrl.id,
      user_id: buyer.user.id,
      total_amount_base_cents: priceBrl,
      currency: 'BRL',
      total_amount_cents: priceBrl,
      status: 'code_received',
      created_at: expect.any(String),
    });
    // A dollar order has no BRL base amount: it is never converted nor mixed in.
    expect(byId.get(paidUsd.id)).toMatchObject({ total_amount_base_cents: null, currency: 'USD' });
    expect(byId.get(cancelled.id)).toMatchObject({ status: 'cancelled' });
  });

  it('revenue stats: only captured money, per currency and window', async () => {
    const body = (await get('/api/v1/admin/revenue/stats', admin)).json();
    expect(body).toEqual({
      total_revenue_cents: priceBrl,
      monthly_revenue_cents: priceBrl,
      weekly_revenue_cents: priceBrl,
      daily_revenue_cents: priceBrl,
      paid_transactions: 1,
      avg_transaction_value_cents: priceBrl,
      total_revenue_usd_cents: priceUsd,
      monthly_revenue_usd_cents: priceUsd,
      weekly_revenue_usd_cents: priceUsd,
      daily_revenue_usd_cents: priceUsd,
      paid_transactions_usd: 1,
      avg_transaction_value_usd_cents: priceUsd,
    });
    // Two days later the money is still this month's and week's, no longer today's. (The same service
    // on a clock two days ahead: moving the app's clock would expire every test session.)
    const later = await createAdminStatsService({
      repository: createAdminRepository(database.db),
      now: () => new Date(clock.now().getTime() + 48 * HOUR),
    }).revenue();
    expect(later).toMatchObject({
      total_revenue_cents: priceBrl,
      monthly_revenue_cents: priceBrl,
      weekly_revenue_cents: priceBrl,
      daily_revenue_cents: 0,
    });
    expect(await ledger.verify()).toEqual([]);
  });

  it('staff only: MANAGER and ADMIN read the figures; CUSTOMER 403; anonymous 401', async () => {
    const urls = [
      '/api/v1/admin/dashboard/stats',
      '/api/v1/admin/products/stats',
      '/api/v1/admin/orders/stats',
      '/api/v1/admin/revenue/stats',
      '/api/v1/admin/audit',
    ];
    for (const url of urls) {
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url, manager)).statusCode, url).toBe(200);
      const denied = await get(url, customer);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
      expect((await get(url)).statusCode, url).toBe(401);
    }
    // The user list is for admins only, managers included out.
    expect((await get('/api/v1/admin/users', manager)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/users/stats', manager)).statusCode).toBe(403);
  });

  it('the audit log pages newest first, filters by action and names the user an entry is about', async () => {
    const page = (await get('/api/v1/admin/audit?limit=3', manager)).json();
    expect(page).toMatchObject({ skip: 0, limit: 3 });
    expect(page.items).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    const ids = page.items.map((e: { id: number }) => e.id);
    const next = (await get('/api/v1/admin/audit?limit=3&skip=3', manager)).json();
    expect(next.items.map((e: { id: number }) => e.id).some((id: number) => ids.includes(id))).toBe(false);

    const logins = (await get('/api/v1/admin/audit?action=LOGIN&limit=100', manager)).json();
    expect(logins.items.length).toBeGreaterThanOrEqual(5);
    expect(logins.items.every((e: { action: string }) => e.action === 'LOGIN')).toBe(true);
    const mine = logins.items.find((e: { user_id: string }) => e.user_id === manager.user.id);
    expect(mine).toMatchObject({
      entity_type: 'users',
      entity_id: manager.user.id,
      target_email: manager.user.email,
      user_email: manager.user.email,
    });
    expect((await get('/api/v1/admin/audit?limit=500', manager)).statusCode).toBe(422);
    expect((await get('/api/v1/admin/audit?action=drop%20table', manager)).statusCode).toBe(422);
  });
});
