import { ACTIVATION_TTL_MS } from '@numero/contract/activations';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activationsTestBed, settlementTransfers, systemBalances } from '../../test/activations-fixture.ts';
import { flows } from '../ledger/ledger.service.ts';

describe('activations service: settlement', async () => {
  const { database, clock, activations, ledger, wa, customer, buy, expectBalancedBooks } =
    await activationsTestBed();

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
    // Escrow hands at least this price to revenue (another number of this database may be captured in the same pass).
    const after = await systemBalances(database);
    expect(after.revenue - before.revenue).toBe(before.escrow - after.escrow);
    expect(after.revenue - before.revenue).toBeGreaterThanOrEqual(wa.price);

    // Further polls and the expiry change nothing.
    clock.advance(2_000);
    await activations.checkDue();
    clock.advance(ACTIVATION_TTL_MS);
    await activations.expireDue();
    expect((await activations.get(userId, activation.id)).status).toBe('finished');
    expect((await settlementTransfers(database, activation.id)).map((t) => t.kind)).toEqual([
      'purchase',
      'capture',
    ]);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(10_000 - wa.price);
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

  it('keeps the books balanced', expectBalancedBooks);
});
