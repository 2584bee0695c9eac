import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signUpAndSignIn,
  smsAfter,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const MINUTE = 60_000;
const SMS_DELAY_MS = 5_000;

describe('activations API', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  // The simulator has no Uber numbers in Brazil, though the demo catalogue still shows stock for it.
  const noNumbers = await productId(database, 'UB-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  async function customer(balance = 10_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    if (balance > 0) await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const balanceOf = (who: SignedIn) => ledger.walletBalance(who.user.id, 'BRL');

  const buy = (
    who: SignedIn,
    body: Record<string, unknown> = { product_id: wa.id, currency: 'BRL' },
    key: string | null = `key-${randomUUID()}`,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: {
        origin: TEST_ORIGIN,
        cookie: who.cookie,
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });
  const get = (who: SignedIn, url: string) => app.inject({ url, headers: { cookie: who.cookie } });
  const act = (who: SignedIn, id: string, action: 'cancel' | 'resend' | 'finish') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/activations/${id}/${action}`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    });

  it('answers NO_NUMBERS with a clear detail and gives the money back at once', async () => {
    const buyer = await customer();
    const res = await buy(buyer, { product_id: noNumbers.id, currency: 'BRL' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_NUMBERS' });
    expect(res.json().detail).toMatch(/^Sem números disponíveis/);
    expect(await balanceOf(buyer)).toBe(10_000);
    const history = await get(buyer, '/api/v1/activations');
    expect(history.json()).toMatchObject({ total: 1, items: [{ status: 'failed', settled: 'refunded' }] });
  });

  it('buys a number, shows the code without a reload and charges once', async () => {
    const buyer = await customer();
    const key = `key-${randomUUID()}`;
    const res = await buy(buyer, undefined, key);
    expect(res.statusCode).toBe(201);
    const activation = res.json();
    expect(activation).toMatchObject({
      status: 'waiting_sms',
      service_name: 'WhatsApp',
      country_code: 'BR',
      price: wa.price,
      currency: 'BRL',
      remaining_seconds: 1200,
      can_cancel: true,
      messages: [],
    });
    expect(activation.phone_number).toMatch(/^55\d{10,11}$/);
    expect(await balanceOf(buyer)).toBe(10_000 - wa.price);

    // A retry of the same request (a double click, a lost response) gives the same activation.
    const again = await buy(buyer, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(activation.id);
    expect(await balanceOf(buyer)).toBe(10_000 - wa.price);

    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const got = await get(buyer, `/api/v1/activations/${activation.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.json()).toMatchObject({ status: 'code_received', settled: 'captured', can_finish: true });
    expect(got.json().code).toMatch(/^\d{6}$/);
    expect(got.json().messages).toHaveLength(1);

    await app.scheduler.runOnce();
    expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
    const [captures] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = ${`activation:${activation.id}`} AND kind = 'capture'`,
    );
    expect(captures!.n).toBe(1);
  });

  it('cancels before the code with a refund that the history shows; refuses after the code', async () => {
    const buyer = await customer();
    const first = (await buy(buyer)).json();
    const cancelled = await act(buyer, first.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await balanceOf(buyer)).toBe(10_000);

    const history = await get(buyer, '/api/v1/activations?status=cancelled');
    expect(history.json()).toMatchObject({ total: 1, items: [{ id: first.id, status: 'cancelled' }] });

    const second = (await buy(buyer)).json();
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const late = await act(buyer, second.id, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CODE_ALREADY_RECEIVED' });
    expect(late.json().detail).toContain('código já foi recebido');
    expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
  });

  it('asks for another SMS, then finishes', async () => {
    const buyer = await customer();
    const bought = (await buy(buyer)).json();
    expect((await act(buyer, bought.id, 'resend')).json()).toMatchObject({ code: 'RESEND_NOT_ALLOWED' });
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const resent = await act(buyer, bought.id, 'resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ resend_count: 1, awaiting_sms: true });
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const after = (await get(buyer, `/api/v1/activations/${bought.id}`)).json();
    expect(after.messages).toHaveLength(2);
    expect(after.awaiting_sms).toBe(false);
    const finished = await act(buyer, bought.id, 'finish');
    expect(finished.statusCode).toBe(200);
    expect(finished.json().status).toBe('finished');
    expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
  });

  it('expires a number without an SMS at 20 minutes and refunds it', async () => {
    const buyer = await customer();
    // The simulator sends every SMS; this activation's checks are put off until after its expiry.
    const bought = (await buy(buyer)).json();
    await database.db.execute(
      sql`UPDATE activations SET next_check_at = expires_at + interval '1 hour' WHERE id = ${bought.id}`,
    );
    clock.advance(20 * MINUTE - 1_000);
    await app.scheduler.runOnce();
    expect((await get(buyer, `/api/v1/activations/${bought.id}`)).json().status).toBe('waiting_sms');
    clock.advance(1_000);
    await app.scheduler.runOnce();
    expect((await get(buyer, `/api/v1/activations/${bought.id}`)).json()).toMatchObject({
      status: 'expired',
      settled: 'refunded',
      remaining_seconds: 0,
      can_cancel: false,
    });
    expect(await balanceOf(buyer)).toBe(10_000);
  });

  it('pages the history with a total and filters by status', async () => {
    const buyer = await customer();
    for (let i = 0; i < 3; i++) await buy(buyer);
    const page = await get(buyer, '/api/v1/activations?skip=1&limit=1');
    expect(page.json()).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(page.json().items).toHaveLength(1);
    expect((await get(buyer, '/api/v1/activations?status=finished')).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const summary = await get(buyer, '/api/v1/activations/summary');
    expect(summary.json()).toMatchObject({ active_count: 3, total_count: 3 });
    expect(summary.json().recent).toHaveLength(3);
    expect((await get(buyer, '/api/v1/activations?status=bogus')).statusCode).toBe(422);
    expect((await get(buyer, '/api/v1/activations?limit=1000')).statusCode).toBe(422);
  });

  it('refuses bad purchases with a clear 4xx and moves no money', async () => {
    const buyer = await customer();
    const cases: [Parameters<typeof buy>, number, string][] = [
      [[buyer, undefined, null], 400, 'IDEMPOTENCY_KEY_REQUIRED'],
      [[buyer, undefined, 'short'], 422, 'IDEMPOTENCY_KEY_INVALID'],
      [[buyer, undefined, 'bad key with spaces'], 422, 'IDEMPOTENCY_KEY_INVALID'],
      [[buyer, { product_id: 999_999, currency: 'BRL' }], 404, 'PRODUCT_NOT_FOUND'],
      [[buyer, { product_id: wa.id, currency: 'EUR' }], 422, 'VALIDATION_ERROR'],
      [[buyer, { product_id: 'abc', currency: 'BRL' }], 422, 'VALIDATION_ERROR'],
      [[buyer, { product_id: wa.id }], 422, 'VALIDATION_ERROR'],
      [[buyer, { product_id: wa.id, currency: 'BRL', price: 1 }], 422, 'VALIDATION_ERROR'],
    ];
    for (const [args, status, code] of cases) {
      const res = await buy(...args);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(res.json().detail.length).toBeGreaterThan(5);
    }
    const off = await productId(database, 'GO-PT');
    await database.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${off.id}`);
    const inactive = await buy(buyer, { product_id: off.id, currency: 'BRL' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().code).toBe('PRODUCT_UNAVAILABLE');
    expect(await balanceOf(buyer)).toBe(10_000);
    expect((await get(buyer, '/api/v1/activations')).json().total).toBe(0);
  });

  it('refuses a purchase without enough balance with 402 and a detail', async () => {
    const poor = await customer(0);
    const res = await buy(poor);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      detail: 'Saldo insuficiente. Adicione saldo para continuar.',
    });
    expect((await get(poor, '/api/v1/activations')).json().total).toBe(0);
  });

  it("hides someone else's activation and refuses malformed ids", async () => {
    const owner = await customer();
    const intruder = await customer();
    const bought = (await buy(owner)).json();
    expect((await get(intruder, `/api/v1/activations/${bought.id}`)).statusCode).toBe(404);
    for (const action of ['cancel', 'resend', 'finish'] as const) {
      const res = await act(intruder, bought.id, action);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ACTIVATION_NOT_FOUND');
    }
    expect((await get(owner, `/api/v1/activations/${bought.id}`)).json().status).toBe('waiting_sms');
    const malformed = await get(owner, '/api/v1/activations/not-a-uuid');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toContain('id');
    expect((await act(owner, "1' OR '1'='1", 'cancel')).statusCode).toBe(422);
    expect((await get(owner, `/api/v1/activations/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('requires a session and an allowed origin', async () => {
    const anonymous = await app.inject({ url: '/api/v1/activations' });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await customer();
    const noOrigin = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { cookie: buyer.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(await balanceOf(buyer)).toBe(10_000);
    for (const route of [
      'POST /api/v1/activations',
      'GET /api/v1/activations',
      'GET /api/v1/activations/summary',
      'GET /api/v1/activations/:id',
      'POST /api/v1/activations/:id/cancel',
      'POST /api/v1/activations/:id/resend',
      'POST /api/v1/activations/:id/finish',
    ])
      expect(app.declaredAccess.get(route)).toBe('authenticated');
  });

  it('limits purchases to 10 a minute per user with 429 and Retry-After', async () => {
    const buyer = await customer(100_000);
    for (let i = 0; i < 10; i++) expect((await buy(buyer)).statusCode).toBe(201);
    const limited = await buy(buyer);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('PURCHASE_RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balanceOf(buyer)).toBe(100_000 - 10 * wa.price);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
