import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REUSE_WINDOW_MS } from '../../providers/numbers/simulator.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signIn,
  signUpAndSignIn,
  smsAfter,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 5_000;

/** "Use this number again": the price first, a new activation on the same number, charged like a purchase. */
describe('activations API: the same number again', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  async function customer(balance = 10_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const balance = (who: SignedIn) => ledger.walletBalance(who.user.id, 'BRL');
  const smsArrives = async () => {
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
  };
  const headers = (who: SignedIn, key = `key-${randomUUID()}`) => ({
    origin: TEST_ORIGIN,
    cookie: who.cookie,
    'idempotency-key': key,
  });
  async function buyWithCode(who: SignedIn) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: headers(who),
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await smsArrives();
    return res.json() as { id: string; phone_number: string };
  }
  const quote = (who: SignedIn, id: string) =>
    app.inject({ url: `/api/v1/activations/${id}/reuse`, headers: { cookie: who.cookie } });
  const reuse = (who: SignedIn, id: string, key?: string, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/activations/${id}/reuse`,
      headers: { ...headers(who, key), 'accept-language': lang },
    });
  const get = (who: SignedIn, id: string) =>
    app.inject({ url: `/api/v1/activations/${id}`, headers: { cookie: who.cookie } });

  it('quotes, then sells the same number again as a new activation, captured on its own code', async () => {
    const buyer = await customer();
    const first = await buyWithCode(buyer);
    expect((await get(buyer, first.id)).json()).toMatchObject({ settled: 'captured', can_reuse: true });
    const offer = await quote(buyer, first.id);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json()).toEqual({
      activation_id: first.id,
      phone_number: first.phone_number,
      service_name: 'WhatsApp',
      available: true,
      price: wa.price,
      currency: 'BRL',
      reason: null,
    });
    expect(await balance(buyer)).toBe(10_000 - wa.price);

    const res = await reuse(buyer, first.id);
    expect(res.statusCode, res.body).toBe(201);
    const again = res.json();
    expect(again).toMatchObject({
      phone_number: first.phone_number,
      reused_from: first.id,
      status: 'waiting_sms',
      price: wa.price,
      settled: null,
    });
    expect(again.id).not.toBe(first.id);
    expect(await balance(buyer)).toBe(10_000 - 2 * wa.price);

    await smsArrives();
    const done = (await get(buyer, again.id)).json();
    expect(done).toMatchObject({ status: 'code_received', settled: 'captured' });
    expect(done.code).toMatch(/^\d+$/);
    expect(await balance(buyer)).toBe(10_000 - 2 * wa.price);
    expect(await ledger.verify()).toEqual([]);
  });

  it('is idempotent by key: a retry answers the same activation and charges once', async () => {
    const buyer = await customer();
    const first = await buyWithCode(buyer);
    const key = `reuse-${randomUUID()}`;
    const one = await reuse(buyer, first.id, key);
    const two = await reuse(buyer, first.id, key);
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(200);
    expect(two.json().id).toBe(one.json().id);
    expect(await balance(buyer)).toBe(10_000 - 2 * wa.price);
    const other = await buyWithCode(buyer);
    const mixed = await reuse(buyer, other.id, key);
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledger.verify()).toEqual([]);
  });

  it('a reused number is refunded like any activation when cancelled before its code', async () => {
    const buyer = await customer();
    const first = await buyWithCode(buyer);
    const again = (await reuse(buyer, first.id)).json();
    expect(await balance(buyer)).toBe(10_000 - 2 * wa.price);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/activations/${again.id}/cancel`,
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await balance(buyer)).toBe(10_000 - wa.price);
    expect(await ledger.verify()).toEqual([]);
  });

  it('refuses a number that never received its code, charging nothing', async () => {
    const buyer = await customer();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: headers(buyer),
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    const waiting = res.json();
    expect(waiting.can_reuse).toBe(false);
    expect((await quote(buyer, waiting.id)).json()).toMatchObject({
      available: false,
      reason: 'REUSE_NOT_ALLOWED',
    });
    const refused = await reuse(buyer, waiting.id, undefined, 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'REUSE_NOT_ALLOWED',
      detail: 'Só é possível usar de novo um número que recebeu o código.',
    });
    expect(await balance(buyer)).toBe(10_000 - wa.price);
  });

  it('tells honestly when the seller no longer sells the number, and refunds at once', async () => {
    const before = await customer();
    const first = await buyWithCode(before);
    clock.advance(REUSE_WINDOW_MS + 60_000);
    // Hours later: a new session (the first one idled out).
    const buyer = await signIn(app, before.user.email, TEST_PASSWORD);
    expect((await quote(buyer, first.id)).json()).toMatchObject({
      available: false,
      reason: 'REUSE_NOT_AVAILABLE',
    });
    const refused = await reuse(buyer, first.id, undefined, 'pt-BR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REUSE_NOT_AVAILABLE');
    expect(refused.json().detail).toMatch(/^Este número não pode mais ser reutilizado\./);
    const en = await reuse(buyer, first.id);
    expect(en.json().detail).toMatch(/^This number can no longer be reused\./);
    // Charged, then refunded the moment the seller said no.
    expect(await balance(buyer)).toBe(10_000 - wa.price);
    const failed = await app.inject({
      url: '/api/v1/activations?status=failed',
      headers: { cookie: buyer.cookie },
    });
    expect(failed.json().items[0]).toMatchObject({ reused_from: first.id, settled: 'refunded' });
    expect(await ledger.verify()).toEqual([]);
  });

  it("answers another customer's activation as not found", async () => {
    const owner = await customer();
    const first = await buyWithCode(owner);
    const stranger = await customer();
    expect((await quote(stranger, first.id)).statusCode).toBe(404);
    const res = await reuse(stranger, first.id);
    expect(res.statusCode).toBe(404);
    expect(await balance(stranger)).toBe(10_000);
  });

  it('asks for an idempotency key', async () => {
    const buyer = await customer();
    const first = await buyWithCode(buyer);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/activations/${first.id}/reuse`,
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
