import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.ts';
import { seed } from '../../db/seed.ts';
import { queryRows } from '../../db/sql.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import {
  buildActivations,
  gate,
  insertUser,
  productId,
  settlementTransfers,
  simulatorAt,
  stubProvider,
  systemBalances,
  topUp,
} from '../../test/activations-fixture.ts';
import { createClock, createTestDatabase } from '../../test/helpers.ts';
import { flows } from '../ledger/ledger.service.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { STALE_PENDING_MS } from './activations.service.ts';

const MINUTE = 60_000;
let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;

describe('activations service', async () => {
  const database = await createTestDatabase();
  await migrate(database);
  await seed(database, { adminEmail: 'admin@numero.test', adminPassword: 'admin-password-for-tests' });
  afterAll(() => database.close());
  // Every purchase lowers the shown stock; these tests buy more than the demo catalogue holds.
  await database.db.execute(sql`UPDATE products SET stock = 100000`);

  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const sim = simulatorAt(clock.now, 10_000);
  const { activations, ledger } = buildActivations(database, { now: clock.now, providers: [sim] });
  const wa = await productId(database, 'WA-BR');
  const repository = createActivationsRepository(database.db);

  async function customer(balance = 10_000) {
    const userId = await insertUser(database);
    if (balance > 0) await topUp(database, ledger, userId, balance);
    return userId;
  }
  const buy = (userId: string, product = wa.id, idempotencyKey = key()) =>
    activations.purchase({ userId, productId: product, currency: 'BRL', idempotencyKey });

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

  it('captures the price exactly once when the code arrives', async () => {
    const userId = await customer();
    const { activation } = await buy(userId);
    const before = await systemBalances(database);
    clock.advance(5_000);
    await activations.checkDue();
    expect((await activations.get(userId, activation.id)).status).toBe('waiting_sms');

    clock.advance(6_000);
    await activations.checkDue();
    const got = await activations.get(userId, activation.id);
    expect(got).toMatchObject({
      status: 'code_received',
      settled: 'captured',
      can_cancel: false,
      can_finish: true,
    });
    expect(got.code).toMatch(/^\d{6}$/);
    expect(got.sms_text!.replace(/\D/g, '')).toContain(got.code!);
    expect(got.messages).toEqual([expect.objectContaining({ code: got.code })]);
    const captures = (await settlementTransfers(database, activation.id)).filter((t) => t.kind === 'capture');
    expect(captures.map((t) => Number(t.amount))).toEqual([wa.price]);
    // Escrow hands at least this price to revenue (the first test's number got its SMS at the same time).
    const after = await systemBalances(database);
    expect(after.revenue - before.revenue).toBe(before.escrow - after.escrow);
    expect(after.revenue - before.revenue).toBeGreaterThanOrEqual(wa.price);

    // Further polls and the expiry change nothing.
    clock.advance(2_000);
    await activations.checkDue();
    clock.advance(20 * MINUTE);
    await activations.expireDue();
    expect((await activations.get(userId, activation.id)).status).toBe('finished');
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'capture',
    ]);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
  });

  it('cancels before the code: refunds once and the history shows it', async () => {
    const userId = await customer();
    const { activation } = await buy(userId);
    const cancelled = await activations.cancel(userId, activation.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', settled: 'refunded', can_cancel: false });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    await expect(activations.cancel(userId, activation.id)).rejects.toMatchObject({
      code: 'ACTIVATION_CLOSED',
      status: 409,
    });
    const history = await activations.list(userId, { skip: 0, limit: 20, status: 'cancelled' });
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ id: activation.id, status: 'cancelled' });
    // An SMS that comes later is not delivered and not charged.
    clock.advance(11_000);
    await activations.checkDue();
    expect(await activations.get(userId, activation.id)).toMatchObject({ status: 'cancelled', code: null });
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'refund',
    ]);
  });

  it('refuses to cancel after the code and moves no money', async () => {
    const userId = await customer();
    const { activation } = await buy(userId);
    clock.advance(11_000);
    await activations.checkDue();
    const balance = await ledger.walletBalance(userId, 'BRL');
    await expect(activations.cancel(userId, activation.id)).rejects.toMatchObject({
      code: 'CODE_ALREADY_RECEIVED',
      status: 409,
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(balance);
    expect((await activations.get(userId, activation.id)).status).toBe('code_received');
  });

  it('asks for another SMS after a code, delivers it, then finishes', async () => {
    const userId = await customer();
    const { activation } = await buy(userId);
    await expect(activations.resend(userId, activation.id)).rejects.toMatchObject({
      code: 'RESEND_NOT_ALLOWED',
    });
    await expect(activations.finish(userId, activation.id)).rejects.toMatchObject({
      code: 'FINISH_NOT_ALLOWED',
    });
    clock.advance(11_000);
    await activations.checkDue();
    const first = await activations.get(userId, activation.id);
    expect(first.can_resend).toBe(true);

    const asked = await activations.resend(userId, activation.id);
    expect(asked).toMatchObject({ resend_count: 1, awaiting_sms: true, can_resend: false, code: first.code });
    await expect(activations.resend(userId, activation.id)).rejects.toMatchObject({
      code: 'RESEND_IN_PROGRESS',
      status: 409,
    });
    clock.advance(11_000);
    await activations.checkDue();
    const second = await activations.get(userId, activation.id);
    expect(second.awaiting_sms).toBe(false);
    expect(second.messages).toHaveLength(2);
    expect(second.code).toBe(second.messages[1]!.code);

    expect((await activations.finish(userId, activation.id)).status).toBe('finished');
    expect((await activations.finish(userId, activation.id)).status).toBe('finished');
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'capture',
    ]);
  });

  it('expires at 20 minutes without an SMS and refunds, cancelling upstream', async () => {
    const silent = stubProvider('silent');
    const svc = buildActivations(database, { now: clock.now, providers: [silent.provider] }).activations;
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    clock.advance(20 * MINUTE - 1_000);
    await svc.checkDue();
    await svc.expireDue();
    expect((await svc.get(userId, activation.id)).status).toBe('waiting_sms');
    clock.advance(1_000);
    expect(await svc.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await svc.get(userId, activation.id)).toMatchObject({ status: 'expired', settled: 'refunded' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    expect(silent.calls.some((c) => c.startsWith('cancel:silent-'))).toBe(true);
    await svc.expireDue();
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'refund',
    ]);
  });

  it('refunds at once when upstream has no numbers, and a retry with the same key charges nothing', async () => {
    const empty = stubProvider('empty', {
      requestNumber: async () => {
        throw new UpstreamError('NO_NUMBERS');
      },
    });
    const svc = buildActivations(database, { now: clock.now, providers: [empty.provider] }).activations;
    const userId = await customer();
    const k = key();
    const attempt = () => svc.purchase({ userId, productId: wa.id, currency: 'BRL', idempotencyKey: k });
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
    const both = buildActivations(database, { now: clock.now, providers: [down.provider, up.provider] });
    const userId = await customer();
    const { activation } = await both.activations.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    expect(activation.status).toBe('waiting_sms');
    const cancelled = await both.activations.cancel(userId, activation.id);
    expect(cancelled.status).toBe('cancelled');
    expect(up.calls.some((c) => c.startsWith('cancel:up-'))).toBe(true);

    const onlyDown = buildActivations(database, { now: clock.now, providers: [down.provider] }).activations;
    await expect(
      onlyDown.purchase({ userId, productId: wa.id, currency: 'BRL', idempotencyKey: key() }),
    ).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('gives the same activation for the same idempotency key and charges once', async () => {
    const userId = await customer();
    const k = key();
    const first = await buy(userId, wa.id, k);
    const second = await buy(userId, wa.id, k);
    expect(second.created).toBe(false);
    expect(second.activation.id).toBe(first.activation.id);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    const tg = await productId(database, 'TG-BR');
    await expect(buy(userId, tg.id, k)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 409,
    });
    // Keys belong to one user: another customer may use the same key.
    const other = await customer();
    expect((await buy(other, wa.id, k)).activation.id).not.toBe(first.activation.id);
  });

  it('refuses a purchase without the money with 402, creating nothing', async () => {
    const userId = await customer(wa.price - 1);
    await expect(buy(userId)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 402 });
    expect((await activations.list(userId, { skip: 0, limit: 20 })).total).toBe(0);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(wa.price - 1);
  });

  it('refuses unknown, inactive and out-of-stock products without moving money', async () => {
    const userId = await customer();
    await expect(buy(userId, 999_999)).rejects.toMatchObject({ code: 'PRODUCT_NOT_FOUND', status: 404 });
    const off = await productId(database, 'DS-PH');
    await database.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${off.id}`);
    await expect(buy(userId, off.id)).rejects.toMatchObject({ code: 'PRODUCT_UNAVAILABLE', status: 422 });
    const empty = await productId(database, 'DS-ID');
    await database.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${empty.id}`);
    await expect(buy(userId, empty.id)).rejects.toMatchObject({ code: 'OUT_OF_STOCK', status: 409 });
    await database.db.execute(sql`UPDATE services SET is_active = false WHERE code = 'mm'`);
    const mm = await productId(database, 'MM-BR');
    await expect(buy(userId, mm.id)).rejects.toMatchObject({ code: 'PRODUCT_UNAVAILABLE', status: 422 });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it("never shows or acts on someone else's activation", async () => {
    const owner = await customer();
    const intruder = await customer();
    const { activation } = await buy(owner);
    for (const act of [activations.get, activations.cancel, activations.resend, activations.finish]) {
      await expect(act(intruder, activation.id)).rejects.toMatchObject({
        code: 'ACTIVATION_NOT_FOUND',
        status: 404,
      });
    }
    expect((await activations.list(intruder, { skip: 0, limit: 20 })).total).toBe(0);
    expect((await activations.get(owner, activation.id)).status).toBe('waiting_sms');
  });

  it('passes on an early-cancel refusal from upstream as 409 and moves no money', async () => {
    let deny = true;
    const strict = stubProvider('strict', {
      cancel: async () => {
        if (deny) throw new UpstreamError('EARLY_CANCEL_DENIED');
      },
    });
    const svc = buildActivations(database, { now: clock.now, providers: [strict.provider] }).activations;
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    await expect(svc.cancel(userId, activation.id)).rejects.toMatchObject({
      code: 'EARLY_CANCEL_DENIED',
      status: 409,
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    deny = false;
    expect((await svc.cancel(userId, activation.id)).status).toBe('cancelled');
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('refunds when upstream ends the activation on its side', async () => {
    const ending = stubProvider('ending', { getStatus: async () => ({ state: 'cancelled' }) });
    const svc = buildActivations(database, { now: clock.now, providers: [ending.provider] }).activations;
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    clock.advance(1_000);
    await svc.checkDue();
    expect(await svc.get(userId, activation.id)).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('refunds a purchase left pending by a crash, and gives the late number back', async () => {
    const hold = gate<void>();
    const slow = stubProvider('slow');
    const slowProvider = {
      ...slow.provider,
      async requestNumber(req: Parameters<typeof slow.provider.requestNumber>[0]) {
        await hold.promise;
        return slow.provider.requestNumber(req);
      },
    };
    const svc = buildActivations(database, { now: clock.now, providers: [slowProvider] }).activations;
    const userId = await customer();
    const buying = svc.purchase({ userId, productId: wa.id, currency: 'BRL', idempotencyKey: key() });
    const outcome = buying.catch((err: unknown) => err);
    // Wait until the purchase transaction has committed and the request is with upstream.
    for (let i = 0; i < 100 && (await svc.list(userId, { skip: 0, limit: 1 })).total === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    clock.advance(STALE_PENDING_MS - 1);
    expect(await svc.recoverStale()).toBe(0);
    clock.advance(1);
    expect(await svc.recoverStale()).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
    hold.open();
    expect(await outcome).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
    expect(slow.calls.some((c) => c.startsWith('cancel:slow-'))).toBe(true);
    const [item] = (await svc.list(userId, { skip: 0, limit: 1 })).items;
    expect(item).toMatchObject({ status: 'failed', settled: 'refunded' });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('keeps an SMS that arrives after the refund without delivering or charging it', async () => {
    const hold = gate<void>();
    const late = stubProvider('late', {
      getStatus: async () => {
        await hold.promise;
        return { state: 'code', code: '123456', text: 'Your code is 123456' };
      },
    });
    const svc = buildActivations(database, { now: clock.now, providers: [late.provider] }).activations;
    const userId = await customer();
    const { activation } = await svc.purchase({
      userId,
      productId: wa.id,
      currency: 'BRL',
      idempotencyKey: key(),
    });
    clock.advance(20 * MINUTE);
    const checking = svc.checkDue();
    await new Promise((r) => setTimeout(r, 20));
    await svc.expireDue();
    hold.open();
    await checking;
    expect(await svc.get(userId, activation.id)).toMatchObject({
      status: 'expired',
      settled: 'refunded',
      code: null,
      messages: [],
    });
    expect(await repository.listMessages(activation.id)).toEqual([
      expect.objectContaining({ code: '123456', delivered: false }),
    ]);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
  });

  it('limits purchases per user to 10 a minute', async () => {
    const userId = await customer(100_000);
    for (let i = 0; i < 10; i++) await buy(userId);
    await expect(buy(userId)).rejects.toMatchObject({ code: 'PURCHASE_RATE_LIMITED', status: 429 });
    clock.advance(MINUTE);
    expect((await buy(userId)).created).toBe(true);
  });

  it('counts active and total activations for the dashboard', async () => {
    const userId = await customer();
    const a = await buy(userId);
    await buy(userId);
    await activations.cancel(userId, a.activation.id);
    const summary = await activations.summary(userId);
    expect(summary).toMatchObject({ active_count: 1, total_count: 2 });
    expect(summary.recent).toHaveLength(2);
  });

  it('has the database refuse a second settlement of one activation, whatever the code path', async () => {
    const userId = await customer();
    const { activation } = await buy(userId);
    await activations.cancel(userId, activation.id);
    const capture = database.db.transaction((tx) =>
      ledger.transfer(tx, {
        idempotencyKey: `some-other-key:${activation.id}`,
        kind: 'capture',
        currency: 'BRL',
        userId,
        description: 'a buggy second settlement',
        reference: `activation:${activation.id}`,
        legs: flows.capture(wa.price),
      }),
    );
    await expect(capture).rejects.toThrow();
    await expect(
      database.db.execute(sql`UPDATE activations SET status = 'code_received' WHERE id = ${activation.id}`),
    ).rejects.toThrow();
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'refund',
    ]);
  });

  it('keeps the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM activations a WHERE (a.settled IS NOT NULL) <> EXISTS (
        SELECT 1 FROM ledger_transfers t WHERE t.reference = 'activation:' || a.id AND t.kind IN ('capture', 'refund'))`,
    );
    expect(row!.n).toBe(0);
  });
});
