import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import {
  buildActivations,
  insertUser,
  productId,
  settlementTransfers,
  stubProvider,
  topUp,
} from '../../test/activations-fixture.ts';
import { createClock } from '../../test/helpers.ts';
import { createSeededTestDatabase } from '../../test/test-database.ts';

const MINUTE = 60_000;
const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

// PGlite is single-connection: races only mean something against a real PostgreSQL server.
describe.runIf(process.env.DATABASE_URL)('activations under concurrency (PostgreSQL)', () => {
  let database: Database;
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    // Every purchase lowers the shown stock; these tests buy far more than the demo catalogue holds.
    await database.db.execute(sql`UPDATE products SET stock = 100000`);
  });
  afterAll(() => database.close());

  const countActivations = async (userId: string) => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM activations WHERE user_id = ${userId}`,
    );
    return row!.n;
  };

  it('20 concurrent purchases with money for 5 give exactly 5 activations', async () => {
    const stub = stubProvider('fast');
    const { activations, ledger } = buildActivations(database, {
      now: clock.now,
      providers: [stub.provider],
      rateLimited: false,
    });
    const wa = await productId(database, 'WA-BR');
    const userId = await insertUser(database, 'racer');
    await topUp(database, ledger, userId, 5 * wa.price);

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        activations.purchase({ userId, productId: wa.id, currency: 'BRL', idempotencyKey: `race-${i}-key` }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const err of refused) expect(err).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 402 });
    expect(await countActivations(userId)).toBe(5);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(0);
    expect(await ledger.verify()).toEqual([]);
  });

  it('20 concurrent purchases with one idempotency key buy once', async () => {
    const stub = stubProvider('same-key');
    const { activations, ledger } = buildActivations(database, {
      now: clock.now,
      providers: [stub.provider],
      rateLimited: false,
    });
    const wa = await productId(database, 'WA-BR');
    const userId = await insertUser(database, 'double-click');
    await topUp(database, ledger, userId, 10 * wa.price);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        activations.purchase({
          userId,
          productId: wa.id,
          currency: 'BRL',
          idempotencyKey: 'one-key-for-all',
        }),
      ),
    );
    const ids = new Set(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.activation.id] : [])));
    // A twin that arrives while the first is still pending may be told to retry; none buys again.
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    expect(ids.size).toBe(1);
    expect(await countActivations(userId)).toBe(1);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(9 * wa.price);
    expect(stub.calls.filter((c) => c.startsWith('requestNumber'))).toHaveLength(1);
  });

  it('an SMS racing the expiry gives exactly one of capture or refund', async () => {
    const stub = stubProvider('racy', {
      getStatus: async () => {
        await jitter();
        return { state: 'code', code: '424242', text: 'Code 424242' };
      },
    });
    // Two workers of each kind, as with two processes sharing the database.
    const workers = [1, 2].map(
      () =>
        buildActivations(database, { now: clock.now, providers: [stub.provider], rateLimited: false })
          .activations,
    );
    const { activations, ledger } = buildActivations(database, {
      now: clock.now,
      providers: [stub.provider],
      rateLimited: false,
    });
    const wa = await productId(database, 'WA-BR');
    const userId = await insertUser(database, 'expiry-race');
    const rounds = 30;
    await topUp(database, ledger, userId, rounds * wa.price);

    const outcomes = { captured: 0, refunded: 0 };
    for (let i = 0; i < rounds; i++) {
      const { activation } = await activations.purchase({
        userId,
        productId: wa.id,
        currency: 'BRL',
        idempotencyKey: `expiry-race-${i}`,
      });
      clock.advance(20 * MINUTE);
      const runs = workers.flatMap((w) => [
        async () => {
          await jitter();
          await w.checkDue();
        },
        async () => {
          await jitter();
          await w.expireDue();
        },
      ]);
      await Promise.all(runs.map((run) => run()));
      // Whatever is left (a check that lost the race may still be leased) settles on the next pass.
      clock.advance(MINUTE);
      await Promise.all(workers.flatMap((w) => [w.checkDue(), w.expireDue()]));

      const settlements = (await settlementTransfers(database, activation.id)).filter(
        (t) => t.kind !== 'purchase',
      );
      expect(settlements).toHaveLength(1);
      const final = await activations.get(userId, activation.id);
      if (settlements[0]!.kind === 'capture') {
        expect(final).toMatchObject({ settled: 'captured', code: '424242' });
        expect(['code_received', 'finished']).toContain(final.status);
        outcomes.captured++;
      } else {
        expect(final).toMatchObject({ settled: 'refunded', status: 'expired', code: null });
        outcomes.refunded++;
      }
    }
    expect(outcomes.captured + outcomes.refunded).toBe(rounds);
    console.info(`SMS vs expiry over ${rounds} rounds:`, outcomes);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(outcomes.refunded * wa.price);
    expect(await ledger.verify()).toEqual([]);
  });

  it('a cancel racing the SMS gives exactly one of capture or refund', async () => {
    const stub = stubProvider('cancel-race', {
      getStatus: async () => {
        await jitter();
        return { state: 'code', code: '777777', text: 'Code 777777' };
      },
      cancel: jitter,
    });
    const { activations, ledger } = buildActivations(database, {
      now: clock.now,
      providers: [stub.provider],
      rateLimited: false,
    });
    const wa = await productId(database, 'WA-BR');
    const userId = await insertUser(database, 'cancel-race');
    const rounds = 20;
    await topUp(database, ledger, userId, rounds * wa.price);
    let refunded = 0;
    for (let i = 0; i < rounds; i++) {
      const { activation } = await activations.purchase({
        userId,
        productId: wa.id,
        currency: 'BRL',
        idempotencyKey: `cancel-race-${i}`,
      });
      clock.advance(2_000);
      const [, cancelled] = await Promise.allSettled([
        activations.checkDue(),
        activations.cancel(userId, activation.id),
      ]);
      if (cancelled.status === 'rejected')
        expect(cancelled.reason).toMatchObject({ code: 'CODE_ALREADY_RECEIVED' });
      const settlements = (await settlementTransfers(database, activation.id)).filter(
        (t) => t.kind !== 'purchase',
      );
      expect(settlements).toHaveLength(1);
      if (settlements[0]!.kind === 'refund') refunded++;
    }
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(refunded * wa.price);
    expect(await ledger.verify()).toEqual([]);
  });
});
