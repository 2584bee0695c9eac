import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { type SignedIn, signUpAndSignIn, smsAfter, TEST_ORIGIN } from '../../test/helpers.ts';
import { describeOnPostgres, twoStores } from '../../test/two-stores.ts';

/**
 * One seller behind both stores, as a real one is: it sells each number again once (the first order for
 * it wins, later ones are refused), counts every request, and answers after a pause that keeps both
 * stores' requests in flight at once. Module state, so the two apps of this file share it.
 */
const seller = vi.hoisted(() => ({ sold: new Set<string>(), calls: new Map<string, number>() }));
vi.mock('../../providers/numbers/build.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../providers/numbers/build.ts')>();
  return {
    ...original,
    buildNumberProviders: (...args: Parameters<typeof original.buildNumberProviders>) =>
      original.buildNumberProviders(...args).map((p) => {
        const reuseNumber = p.reuseNumber;
        if (!reuseNumber) return p;
        return {
          ...p,
          reuseNumber: async (number: Parameters<typeof reuseNumber>[0], orderId: string) => {
            seller.calls.set(number.upstreamId, (seller.calls.get(number.upstreamId) ?? 0) + 1);
            await sleep(50);
            if (seller.sold.has(number.upstreamId))
              throw new UpstreamError('REUSE_REFUSED', 'test seller: sold again already');
            seller.sold.add(number.upstreamId);
            return reuseNumber(number, orderId);
          },
        };
      }),
  };
});

const SMS_DELAY_MS = 5_000;
const ROUNDS = 5;

/**
 * "The same number again" asked of two stores on one PostgreSQL database at once (two API processes
 * behind a balancer): one key charges once; two keys get at most what the seller sells, the rest
 * refunded, and the ledger still verifies.
 */
describeOnPostgres('the same number again across two stores on one database (PostgreSQL)', async () => {
  const { clock, front, back, database, ledger } = await twoStores(smsAfter(SMS_DELAY_MS));
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  const post = (store: typeof front, who: SignedIn, path: string, key: string, payload?: object) =>
    store.inject({
      method: 'POST',
      url: path,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': key },
      ...(payload ? { payload } : {}),
    });

  /** A finished activation with its code, whose number the seller will sell again. */
  async function finishedNumber(who: SignedIn) {
    const bought = await post(front, who, '/api/v1/activations', `buy-${randomUUID()}`, {
      product_id: wa.id,
      currency: 'BRL',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { id } = bought.json();
    clock.advance(SMS_DELAY_MS + 1_000);
    await front.scheduler.runOnce();
    const finished = await front.inject({
      method: 'POST',
      url: `/api/v1/activations/${id}/finish`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    const [row] = await queryRows<{ upstream_id: string }>(
      database.db,
      sql`SELECT upstream_id FROM activations WHERE id = ${id}`,
    );
    return { id: id as string, upstreamId: row!.upstream_id };
  }

  /** Purchase, capture and refund transfers of each activation reusing `from`. */
  const moves = (from: string) =>
    queryRows<{ id: string; status: string; purchases: number; captures: number; refunds: number }>(
      database.db,
      sql`SELECT a.id, a.status,
        (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':purchase') AS purchases,
        (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':capture') AS captures,
        (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':refund') AS refunds
      FROM activations a WHERE a.reused_from = ${from}`,
    );

  it('one Idempotency-Key sent to both stores at once: one activation, charged once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      // A customer per round: the purchase limit (10 a minute) counts reuses too.
      const who = await signUpAndSignIn(front);
      await topUp(database, ledger, who.user.id, 10 * wa.price);
      const first = await finishedNumber(who);
      const key = `reuse-${randomUUID()}`;
      const path = `/api/v1/activations/${first.id}/reuse`;
      const answers = await Promise.all([post(front, who, path, key), post(back, who, path, key)]);
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
        200, 201,
      ]);
      expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
      expect(seller.calls.get(first.upstreamId)).toBe(1);
      expect(await moves(first.id)).toEqual([
        expect.objectContaining({ purchases: 1, captures: 0, refunds: 0 }),
      ]);
      // The first activation and one reuse, both charged.
      expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(8 * wa.price);
    }
    expect(await ledger.verify()).toEqual([]);
  });

  it('two keys for one finished number at once: what the seller sells once, the other refunded', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      // A customer per round: the purchase limit (10 a minute) counts reuses too.
      const who = await signUpAndSignIn(front);
      await topUp(database, ledger, who.user.id, 10 * wa.price);
      const first = await finishedNumber(who);
      const path = `/api/v1/activations/${first.id}/reuse`;
      const answers = await Promise.all([
        post(front, who, path, `a-${randomUUID()}`),
        post(back, who, path, `b-${randomUUID()}`),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('REUSE_NOT_AVAILABLE');
      expect(seller.calls.get(first.upstreamId)).toBe(2);
      const rows = await moves(first.id);
      expect(rows).toHaveLength(2);
      // Each charged once; the one the seller refused refunded once, the sold one still in escrow.
      expect(rows.map((r) => [r.status, r.purchases, r.captures, r.refunds]).sort()).toEqual([
        ['failed', 1, 0, 1],
        ['waiting_sms', 1, 0, 0],
      ]);
      expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(8 * wa.price);
    }
    expect(await ledger.verify()).toEqual([]);
  });
});
