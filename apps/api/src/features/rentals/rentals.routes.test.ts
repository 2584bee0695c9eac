import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { pickCode } from './rental-view.ts';

const MINUTE = 60_000;
const SMS_EVERY_MS = 30_000;

describe('rentals API', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    // A rental's SMS come every two activation delays (simulator-rent.ts).
    env: {
      SIMULATOR_MIN_DELAY_MS: String(SMS_EVERY_MS / 2),
      SIMULATOR_MAX_DELAY_MS: String(SMS_EVERY_MS / 2),
    },
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  // Rent price = activation price × factor / 100 (4 h: 300 %).
  const fourHours = Math.ceil((wa.price * 300) / 100);
  const twelveHours = Math.ceil((wa.price * 500) / 100);

  async function customer(balance = 100_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const balanceOf = (who: SignedIn) => ledger.walletBalance(who.user.id, 'BRL');
  const send = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const rent = (who: SignedIn, hours = 4, key = `rent-${randomUUID()}`) =>
    send(who, 'POST', '/api/v1/rentals', { product_id: wa.id, currency: 'BRL', hours }, key);
  const tick = () => app.scheduler.runOnce();
  async function expectBooksBalanced() {
    expect(await ledger.verify()).toEqual([]);
  }

  it('quotes every duration from the activation price and the stated factors', async () => {
    const who = await customer();
    const res = await send(who, 'GET', `/api/v1/rentals/quote?product_id=${wa.id}&currency=BRL`);
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({ rentable: true, currency: 'BRL', cancel_window_minutes: 20 });
    expect(quote.durations.map((d: { hours: number }) => d.hours)).toEqual([
      4, 12, 24, 48, 72, 168, 336, 720,
    ]);
    expect(quote.durations[0]).toEqual({ hours: 4, price: fourHours });
  });

  it('rents once per key, receives every SMS with its code, and captures at the first SMS', async () => {
    const who = await customer();
    const key = `rent-${randomUUID()}`;
    const first = await rent(who, 4, key);
    expect(first.statusCode).toBe(201);
    const rental = first.json();
    expect(rental).toMatchObject({ status: 'active', total_paid: fourHours, can_cancel: true, messages: [] });
    expect(rental.seconds_left).toBe(4 * 3600);
    expect((await rent(who, 4, key)).statusCode).toBe(200);
    expect(await balanceOf(who)).toBe(100_000 - fourHours);
    await expectBooksBalanced();

    clock.advance(2 * SMS_EVERY_MS + 1_000);
    await tick();
    const got = (await send(who, 'GET', `/api/v1/rentals/${rental.id}`)).json();
    expect(got.messages).toHaveLength(2);
    expect(got.messages[0].code).toMatch(/^\d{6}$/);
    expect(got).toMatchObject({ settled: 'captured', can_cancel: false, sms_count: 2 });
    const cancel = await send(who, 'POST', `/api/v1/rentals/${rental.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('RENTAL_HAS_SMS');
    expect(await balanceOf(who)).toBe(100_000 - fourHours);
    await expectBooksBalanced();
  });

  it('cancels inside the window with no SMS for a full refund, extension included', async () => {
    const who = await customer();
    const rental = (await rent(who)).json();
    const quote = (await send(who, 'GET', `/api/v1/rentals/${rental.id}/extension-quote?hours=12`)).json();
    expect(quote.price).toBe(twelveHours);
    const extended = await send(
      who,
      'POST',
      `/api/v1/rentals/${rental.id}/extend`,
      { hours: 12, expected_price: quote.price },
      `ext-${randomUUID()}`,
    );
    expect(extended.statusCode).toBe(201);
    expect(new Date(extended.json().ends_at).getTime()).toBe(
      new Date(rental.ends_at).getTime() + 12 * 3_600_000,
    );
    expect(await balanceOf(who)).toBe(100_000 - fourHours - twelveHours);
    const cancelled = await send(who, 'POST', `/api/v1/rentals/${rental.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', settled: 'refunded', total_paid: 0 });
    expect(await balanceOf(who)).toBe(100_000);
    expect((await send(who, 'POST', `/api/v1/rentals/${rental.id}/cancel`)).json().code).toBe(
      'RENTAL_ALREADY_CANCELLED',
    );
    // Staff read the cancel in the audit log: what was refunded, and in which money.
    const admin = await signInAsAdmin(app);
    const audit = (await send(admin, 'GET', '/api/v1/admin/audit?action=CANCEL_RENTAL&limit=100')).json();
    expect(audit.items.find((e: { entity_id: string }) => e.entity_id === rental.id)).toMatchObject({
      entity_type: 'rentals',
      user_id: who.user.id,
      after: { refunded: fourHours + twelveHours, currency: 'BRL' },
    });
    // An SMS listed later is kept but moves no money.
    clock.advance(SMS_EVERY_MS + 1_000);
    await tick();
    expect(await balanceOf(who)).toBe(100_000);
    await expectBooksBalanced();
  });

  it('asks the seller before a cancel: an SMS it holds but the poller has not read closes the window', async () => {
    const who = await customer();
    const rental = (await rent(who)).json();
    clock.advance(SMS_EVERY_MS + 1_000);
    const cancel = await send(who, 'POST', `/api/v1/rentals/${rental.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('RENTAL_HAS_SMS');
    const got = (await send(who, 'GET', `/api/v1/rentals/${rental.id}`)).json();
    expect(got).toMatchObject({ status: 'active', settled: 'captured', sms_count: 1 });
    expect(await balanceOf(who)).toBe(100_000 - fourHours);
    await expectBooksBalanced();
  });

  it('refuses a cancel after the window, finishes without a refund, and refuses a changed price', async () => {
    const who = await customer();
    const rental = (await rent(who)).json();
    const wrong = await send(
      who,
      'POST',
      `/api/v1/rentals/${rental.id}/extend`,
      { hours: 4, expected_price: 1 },
      `ext-${randomUUID()}`,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('RENTAL_PRICE_CHANGED');
    // The window closes with no SMS looked for (the tasks do not run): the price is captured at finish.
    clock.advance(21 * MINUTE);
    const late = await send(who, 'POST', `/api/v1/rentals/${rental.id}/cancel`);
    expect(late.statusCode).toBe(409);
    const finished = await send(who, 'POST', `/api/v1/rentals/${rental.id}/finish`);
    expect(finished.json()).toMatchObject({ status: 'finished', settled: 'captured', total_paid: fourHours });
    expect(await balanceOf(who)).toBe(100_000 - fourHours);
    await expectBooksBalanced();
  });

  it('expires at the end, and two extensions with one key charge once', async () => {
    const who = await customer();
    const rental = (await rent(who)).json();
    const key = `ext-${randomUUID()}`;
    const [a, b] = await Promise.all([
      send(who, 'POST', `/api/v1/rentals/${rental.id}/extend`, { hours: 4 }, key),
      send(who, 'POST', `/api/v1/rentals/${rental.id}/extend`, { hours: 4 }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(await balanceOf(who)).toBe(100_000 - 2 * fourHours);
    clock.advance(8 * 3_600_000 + 1_000);
    await tick();
    // Eight hours later the session has timed out: the customer signs in again.
    Object.assign(who, await signIn(app, who.user.email, TEST_PASSWORD));
    const ended = (await send(who, 'GET', `/api/v1/rentals/${rental.id}`)).json();
    expect(ended).toMatchObject({
      status: 'expired',
      settled: 'captured',
      total_paid: 2 * fourHours,
      can_extend: false,
    });
    const extend = await send(
      who,
      'POST',
      `/api/v1/rentals/${rental.id}/extend`,
      { hours: 4 },
      `ext-${randomUUID()}`,
    );
    expect(extend.json().code).toBe('RENTAL_CLOSED');
    await expectBooksBalanced();
  });

  it("never shows or acts on another customer's rental; staff see it with its owner", async () => {
    const owner = await customer();
    const other = await customer();
    const rental = (await rent(owner)).json();
    expect((await send(other, 'GET', `/api/v1/rentals/${rental.id}`)).statusCode).toBe(404);
    expect((await send(other, 'POST', `/api/v1/rentals/${rental.id}/cancel`)).statusCode).toBe(404);
    expect((await send(other, 'GET', '/api/v1/rentals')).json().total).toBe(0);
    const admin = await signInAsAdmin(app);
    const staff = await send(admin, 'GET', `/api/v1/admin/rentals?user_id=${owner.user.id}`);
    expect(staff.json()).toMatchObject({
      total: 1,
      items: [{ id: rental.id, user_email: owner.user.email }],
    });
    expect((await send(owner, 'GET', '/api/v1/admin/rentals')).statusCode).toBe(403);
    const audit = await queryRows<{ action: string }>(
      database.db,
      sql`SELECT action FROM audit_logs WHERE entity_id = ${rental.id}`,
    );
    expect(audit.map((r) => r.action)).toContain('RENT_NUMBER');
  });

  it('stops renting a product staff took out of rental, and refuses a duration not sold', async () => {
    const who = await customer();
    const bad = await send(
      who,
      'POST',
      '/api/v1/rentals',
      { product_id: wa.id, currency: 'BRL', hours: 5 },
      `r-${randomUUID()}`,
    );
    expect(bad.statusCode).toBe(422);
    const admin = await signInAsAdmin(app);
    const off = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/rentals/products/${wa.id}`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { rentable: false },
    });
    expect(off.statusCode).toBe(204);
    expect((await rent(who)).json().code).toBe('RENTAL_UNAVAILABLE');
    await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/rentals/products/${wa.id}`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { rentable: true },
    });
    expect(await balanceOf(who)).toBe(100_000);
  });

  it('picks the code out of the texts sellers send', () => {
    expect(pickCode('Your WhatsApp code: 123-456')).toBe('123456');
    expect(pickCode('G-482913 is your Google code')).toBe('482913');
    expect(pickCode('Hello, no code here')).toBeNull();
  });
});
