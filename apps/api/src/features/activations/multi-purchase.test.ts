import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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

const SMS_DELAY_MS = 5_000;

/** Several services on one number: one activation per service, each billed and refunded on its own. */
describe('activations API: several services on one number', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  const tg = await productId(database, 'TG-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE stock > 0`);

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
  const buy = (who: SignedIn, body: Record<string, unknown>, key = `multi-${randomUUID()}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations/multi-service',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': key },
      payload: { country: 'BR', currency: 'BRL', ...body },
    });
  const get = (who: SignedIn, id: string) =>
    app.inject({ url: `/api/v1/activations/${id}`, headers: { cookie: who.cookie } }).then((r) => r.json());

  it('buys one number for WhatsApp and Telegram: two activations, each charged, each captured', async () => {
    const buyer = await customer();
    const res = await buy(buyer, { services: ['wa', 'tg'] });
    expect(res.statusCode, res.body).toBe(201);
    const { phone_number, activations } = res.json();
    expect(phone_number).toMatch(/^55\d{10,11}$/);
    expect(activations.map((a: { service_code: string }) => a.service_code)).toEqual(['wa', 'tg']);
    for (const a of activations)
      expect(a).toMatchObject({ phone_number, status: 'waiting_sms', settled: null });
    expect(activations.map((a: { price: number }) => a.price)).toEqual([wa.price, tg.price]);
    expect(await balance(buyer)).toBe(10_000 - wa.price - tg.price);
    await smsArrives();
    const [first, second] = [await get(buyer, activations[0].id), await get(buyer, activations[1].id)];
    expect(first).toMatchObject({ status: 'code_received', settled: 'captured' });
    expect(second).toMatchObject({ status: 'code_received', settled: 'captured' });
    expect(first.code).not.toBe(second.code);
    expect(await ledger.verify()).toEqual([]);
  });

  it('refunds one service cancelled before its code and leaves the other charged', async () => {
    const buyer = await customer();
    const { activations } = (await buy(buyer, { services: ['wa', 'tg'] })).json();
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v1/activations/${activations[1].id}/cancel`,
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await balance(buyer)).toBe(10_000 - wa.price);
    await smsArrives();
    expect(await get(buyer, activations[0].id)).toMatchObject({
      status: 'code_received',
      settled: 'captured',
    });
    expect(await get(buyer, activations[1].id)).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await balance(buyer)).toBe(10_000 - wa.price);
    expect(await ledger.verify()).toEqual([]);
  });

  it('is idempotent by key, and a wallet short of the total buys nothing', async () => {
    const buyer = await customer();
    const key = `multi-${randomUUID()}`;
    const one = await buy(buyer, { services: ['wa', 'tg'] }, key);
    const two = await buy(buyer, { services: ['wa', 'tg'] }, key);
    expect(two.statusCode).toBe(200);
    expect(two.json().activations.map((a: { id: string }) => a.id)).toEqual(
      one.json().activations.map((a: { id: string }) => a.id),
    );
    expect((await buy(buyer, { services: ['wa', 'ig'] }, key)).json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await balance(buyer)).toBe(10_000 - wa.price - tg.price);

    const short = await customer(wa.price + tg.price - 1);
    const refused = await buy(short, { services: ['wa', 'tg'] });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(short)).toBe(wa.price + tg.price - 1);
    const orders = await app.inject({ url: '/api/v1/activations', headers: { cookie: short.cookie } });
    expect(orders.json().total).toBe(0);
  });

  it('refuses more than four services, a service twice, and an unknown one, charging nothing', async () => {
    const buyer = await customer();
    expect((await buy(buyer, { services: ['wa', 'tg', 'ig', 'fb', 'go'] })).statusCode).toBe(422);
    const twice = await buy(buyer, { services: ['wa', 'wa'] });
    expect([twice.statusCode, twice.json().code]).toEqual([422, 'MULTI_SERVICE_INVALID']);
    const unknown = await buy(buyer, { services: ['wa', 'zz'] });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect(await balance(buyer)).toBe(10_000);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
