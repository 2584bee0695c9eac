import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import {
  activationsTestBed,
  MINUTE,
  productId,
  stubProvider,
  systemBalances,
} from '../../test/activations-fixture.ts';

describe('activations service: purchase', async () => {
  const { database, clock, activations, ledger, wa, key, customer, serviceOn, buy, expectBalancedBooks } =
    await activationsTestBed();

  it('buys a number: the price moves to escrow and the activation waits for its SMS for 20 minutes', async () => {
    const userId = await customer();
    const before = await systemBalances(database);
    const { activation, created } = await buy(userId);
    expect(created).toBe(true);
    expect(activation).toMatchObject({
      status: 'waiting_sms',
      price: wa.price,
      currency: 'BRL',
      service_code: 'wa',
      service_name: 'WhatsApp',
      country_code: 'BR',
      country_name_pt: 'Brasil',
      settled: null,
      can_cancel: true,
      can_resend: false,
      awaiting_sms: true,
      code: null,
      remaining_seconds: 20 * 60,
    });
    expect(activation.phone_number).toMatch(/^55\d{10,11}$/);
    expect(new Date(activation.expires_at!).getTime() - clock.now().getTime()).toBe(20 * MINUTE);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    expect((await systemBalances(database)).escrow).toBe(before.escrow + wa.price);
  });

  it('refunds at once when upstream has no numbers, and a retry with the same key charges nothing', async () => {
    const empty = stubProvider('empty', {
      requestNumber: async () => {
        throw new UpstreamError('NO_NUMBERS');
      },
    });
    const svc = serviceOn(empty.provider);
    const userId = await customer();
    const k = key();
    const attempt = () => buy(userId, { service: svc, idempotencyKey: k });
    await expect(attempt()).rejects.toMatchObject({ code: 'NO_NUMBERS', status: 409 });
    await expect(attempt()).rejects.toMatchObject({ code: 'NO_NUMBERS', status: 409 });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    const page = await svc.list(userId, { skip: 0, limit: 20 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ status: 'failed', settled: 'refunded' });
  });

  it('fails over to the next seller, and refunds with 503 when every seller is down', async () => {
    const down = stubProvider('down', {
      requestNumber: async () => {
        throw new UpstreamError('TIMEOUT');
      },
    });
    const up = stubProvider('up');
    const both = serviceOn(down.provider, up.provider);
    const userId = await customer();
    const { activation } = await buy(userId, { service: both });
    expect(activation.status).toBe('waiting_sms');
    const cancelled = await both.cancel(userId, activation.id);
    expect(cancelled.status).toBe('cancelled');
    expect(up.calls.some((c) => c.startsWith('cancel:up-'))).toBe(true);

    await expect(buy(userId, { service: serviceOn(down.provider) })).rejects.toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 503,
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('gives the same activation for the same idempotency key and charges once', async () => {
    const userId = await customer();
    const k = key();
    const first = await buy(userId, { idempotencyKey: k });
    const second = await buy(userId, { idempotencyKey: k });
    expect(second.created).toBe(false);
    expect(second.activation.id).toBe(first.activation.id);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    const tg = await productId(database, 'TG-BR');
    await expect(buy(userId, { product: tg.id, idempotencyKey: k })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    // Keys belong to one user: another customer may use the same key.
    const other = await customer();
    expect((await buy(other, { idempotencyKey: k })).activation.id).not.toBe(first.activation.id);
  });

  it('refuses a purchase without the money with 402, creating nothing', async () => {
    const userId = await customer(wa.price - 1);
    await expect(buy(userId)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 402 });
    expect((await activations.list(userId, { skip: 0, limit: 20 })).total).toBe(0);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(wa.price - 1);
  });

  it('refuses unknown, inactive and out-of-stock products without moving money', async () => {
    const userId = await customer();
    await expect(buy(userId, { product: 999_999 })).rejects.toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      status: 404,
    });
    const off = await productId(database, 'DS-PH');
    await database.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${off.id}`);
    await expect(buy(userId, { product: off.id })).rejects.toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      status: 422,
    });
    const empty = await productId(database, 'DS-ID');
    await database.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${empty.id}`);
    await expect(buy(userId, { product: empty.id })).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
      status: 409,
    });
    await database.db.execute(sql`UPDATE services SET is_active = false WHERE code = 'mm'`);
    const mm = await productId(database, 'MM-BR');
    await expect(buy(userId, { product: mm.id })).rejects.toMatchObject({
      code: 'PRODUCT_UNAVAILABLE',
      status: 422,
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('limits purchases per user to 10 a minute', async () => {
    const userId = await customer(100_000);
    for (let i = 0; i < 10; i++) await buy(userId);
    await expect(buy(userId)).rejects.toMatchObject({ code: 'PURCHASE_RATE_LIMITED', status: 429 });
    clock.advance(MINUTE);
    expect((await buy(userId)).created).toBe(true);
  });

  it('answers a retry with its purchase though the product ran out or the customer reached the limit', async () => {
    const userId = await customer(100_000);
    const tg = await productId(database, 'TG-BR');
    const k = key();
    const first = await buy(userId, { product: tg.id, idempotencyKey: k });
    await database.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${tg.id}`);
    const again = await buy(userId, { product: tg.id, idempotencyKey: k });
    expect(again).toMatchObject({ created: false, activation: { id: first.activation.id } });
    await expect(buy(userId, { product: tg.id })).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${tg.id}`);
    // Retries and refusals count towards the limit too: some of these ten are refused.
    let bought = 0;
    for (let i = 0; i < 10; i++)
      if (
        await buy(userId).then(
          () => true,
          () => false,
        )
      )
        bought++;
    await expect(buy(userId)).rejects.toMatchObject({ code: 'PURCHASE_RATE_LIMITED', status: 429 });
    const late = await buy(userId, { product: tg.id, idempotencyKey: k });
    expect(late).toMatchObject({ created: false, activation: { id: first.activation.id } });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(100_000 - tg.price - bought * wa.price);
  });

  it('keeps the books balanced', expectBalancedBooks);
});
