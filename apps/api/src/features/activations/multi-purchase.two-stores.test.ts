import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { signUpAndSignIn, smsAfter, TEST_ORIGIN } from '../../test/helpers.ts';
import { describeOnPostgres, twoStores } from '../../test/two-stores.ts';

const SMS_DELAY_MS = 5_000;
const ROUNDS = 6;

/**
 * Several services on one number across two stores on one PostgreSQL database: the customer cancels on
 * one while the other's SMS task finds the codes. Each activation's price leaves escrow exactly once,
 * captured or refunded, whichever came first.
 */
describeOnPostgres('several services on one number across two stores (PostgreSQL)', async () => {
  const { clock, front, back, database, ledger } = await twoStores(smsAfter(SMS_DELAY_MS));
  const wa = await productId(database, 'WA-BR');
  const tg = await productId(database, 'TG-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE stock > 0`);

  it('a cancel on one store against the SMS task on the other: each activation settled once', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const who = await signUpAndSignIn(front);
      const start = 10 * (wa.price + tg.price);
      await topUp(database, ledger, who.user.id, start);
      const bought = await front.inject({
        method: 'POST',
        url: '/api/v1/activations/multi-service',
        headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `multi-${randomUUID()}` },
        payload: { country: 'BR', currency: 'BRL', services: ['wa', 'tg'] },
      });
      expect(bought.statusCode, bought.body).toBe(201);
      const ids: string[] = bought.json().activations.map((a: { id: string }) => a.id);
      // The codes are due; the cancels leave a little later each round, so either side may come first.
      clock.advance(SMS_DELAY_MS + 1_000);
      const cancel = async (id: string) => {
        await sleep((i % 3) * 20);
        return front.inject({
          method: 'POST',
          url: `/api/v1/activations/${id}/cancel`,
          headers: { origin: TEST_ORIGIN, cookie: who.cookie },
        });
      };
      const [, ...answers] = await Promise.all([back.scheduler.runOnce(), cancel(ids[0]!), cancel(ids[1]!)]);
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      const rows = await queryRows<{
        status: string;
        price: number;
        purchases: number;
        captures: number;
        refunds: number;
      }>(
        database.db,
        sql`SELECT a.status, a.price::int AS price,
          (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':purchase') AS purchases,
          (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':capture') AS captures,
          (SELECT count(*)::int FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':refund') AS refunds
        FROM activations a WHERE a.id IN (${ids[0]}, ${ids[1]})`,
      );
      expect(rows).toHaveLength(2);
      let kept = 0;
      for (const r of rows) {
        expect(r.purchases).toBe(1);
        expect(r.captures + r.refunds, JSON.stringify(r)).toBe(1);
        // The status says which: a code kept (captured), or a cancel refunded.
        expect(r.captures === 1 ? ['code_received', 'finished'] : ['cancelled']).toContain(r.status);
        if (r.captures === 1) kept += r.price;
      }
      expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(start - kept);
    }
    expect(await ledger.verify()).toEqual([]);
    const [escrow] = await queryRows<{ open: number; held: number }>(
      database.db,
      sql`SELECT
        (SELECT coalesce(sum(price), 0)::int FROM activations WHERE currency = 'BRL' AND settled IS NULL) AS open,
        (SELECT coalesce(sum(balance), 0)::int FROM ledger_accounts WHERE kind = 'escrow' AND currency = 'BRL') AS held`,
    );
    expect(escrow!.held).toBe(escrow!.open);
  });
});
