import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { activationsTestBed, settlementTransfers, stubProvider } from '../../test/activations-fixture.ts';

describe('activations service: what customers do to their own activations', async () => {
  const { database, clock, activations, ledger, wa, customer, serviceOn, buy, expectBalancedBooks } =
    await activationsTestBed();

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
    const svc = serviceOn(strict.provider);
    const userId = await customer();
    const { activation } = await buy(userId, { service: svc });
    await expect(svc.cancel(userId, activation.id)).rejects.toMatchObject({
      code: 'EARLY_CANCEL_DENIED',
      status: 409,
    });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
    deny = false;
    expect((await svc.cancel(userId, activation.id)).status).toBe('cancelled');
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000);
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

  it('keeps the books balanced', expectBalancedBooks);
});
