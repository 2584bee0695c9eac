import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import {
  activationsTestBed,
  gate,
  MINUTE,
  settlementTransfers,
  stubProvider,
} from '../../test/activations-fixture.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { STALE_PENDING_MS } from './sms-tracking.ts';

describe('activations service: SMS tracking, expiry and recovery', async () => {
  const { database, clock, ledger, wa, customer, serviceOn, buy, expectBalancedBooks } =
    await activationsTestBed();
  const repository = createActivationsRepository(database.db);

  it('expires at 20 minutes without an SMS and refunds, cancelling upstream', async () => {
    const silent = stubProvider('silent');
    const svc = serviceOn(silent.provider);
    const userId = await customer();
    const { activation } = await buy(userId, { service: svc });
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

  it('refunds when upstream ends the activation on its side', async () => {
    const ending = stubProvider('ending', { getStatus: async () => ({ state: 'cancelled' }) });
    const svc = serviceOn(ending.provider);
    const userId = await customer();
    const { activation } = await buy(userId, { service: svc });
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
    const svc = serviceOn(slowProvider);
    const userId = await customer();
    const buying = buy(userId, { service: svc });
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
    const asked = gate<void>();
    const late = stubProvider('late', {
      getStatus: async () => {
        asked.open();
        await hold.promise;
        return { state: 'code', code: '123456', text: 'Your code is 123456' };
      },
    });
    const svc = serviceOn(late.provider);
    const userId = await customer();
    const { activation } = await buy(userId, { service: svc });
    clock.advance(20 * MINUTE);
    const checking = svc.checkDue();
    await asked.promise; // the check has claimed the activation and is waiting on upstream
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

  it('plans the next check of every activation still waiting in one statement, without locking each', async () => {
    const silent = stubProvider('quiet');
    const svc = serviceOn(silent.provider);
    const userId = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await buy(userId, { service: svc })).activation.id);
    clock.advance(1_000);
    const checkedAt = clock.now().getTime();
    await svc.checkDue();
    const rows = await queryRows<{ writer: string; next: string | Date }>(
      database.db,
      sql`SELECT xmin::text AS writer, next_check_at AS next FROM activations
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    // One transaction wrote them all (one per activation before), each due again a second later.
    expect(new Set(rows.map((r) => r.writer)).size).toBe(1);
    expect(rows.map((r) => new Date(r.next).getTime())).toEqual(ids.map(() => checkedAt + 1_000));
    expect(silent.calls.filter((c) => c.startsWith('getStatus:')).length).toBe(5);
  });

  it('keeps the books balanced', expectBalancedBooks);
});
