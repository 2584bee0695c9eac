import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { type SignedIn, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { describeOnPostgres, twoStores } from '../../test/two-stores.ts';

const SMS_EVERY_MS = 30_000;
const ROUNDS = 8;

/**
 * Two stores on one PostgreSQL database, each with its own connection pool, as two API processes are:
 * one answers the customer, the other runs the tasks. Money still moves exactly once.
 */
describeOnPostgres('rentals across two stores on one database (PostgreSQL)', async () => {
  const { clock, front, back, database, ledger } = await twoStores({
    SIMULATOR_MIN_DELAY_MS: String(SMS_EVERY_MS / 2),
    SIMULATOR_MAX_DELAY_MS: String(SMS_EVERY_MS / 2),
  });
  const wa = await productId(database, 'WA-BR');
  const price = Math.ceil((wa.price * 300) / 100);

  const send = (who: SignedIn, path: string, payload?: object, key?: string) =>
    front.inject({
      method: 'POST',
      url: path,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });

  it('a cancel on one store against the SMS task on the other: one refund or one capture', async () => {
    const who = await signUpAndSignIn(front);
    await topUp(database, ledger, who.user.id, price * ROUNDS);
    const kinds = new Set<string>();
    for (let i = 0; i < ROUNDS; i++) {
      const rented = (
        await send(
          who,
          '/api/v1/rentals',
          { product_id: wa.id, currency: 'BRL', hours: 4 },
          `r-${randomUUID()}`,
        )
      ).json();
      clock.advance(SMS_EVERY_MS + 1_000);
      await Promise.all([send(who, `/api/v1/rentals/${rented.id}/cancel`), back.scheduler.runOnce()]);
      const moved = await queryRows<{ kind: string }>(
        database.db,
        sql`SELECT kind FROM ledger_transfers WHERE reference = ${`rental:${rented.id}`} AND kind IN ('capture', 'refund')`,
      );
      expect(moved).toHaveLength(1);
      kinds.add(moved[0]!.kind);
    }
    expect(await ledger.verify()).toEqual([]);
    const [sum] = await queryRows<{ paid: number }>(
      database.db,
      sql`SELECT count(*)::int AS paid FROM ledger_transfers WHERE user_id = ${who.user.id} AND kind = 'capture'`,
    );
    expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(price * ROUNDS - price * sum!.paid);
  });

  it('extensions sent to both stores at once: each charged once, every hour added', async () => {
    const who = await signUpAndSignIn(front);
    await topUp(database, ledger, who.user.id, 100_000);
    const rented = (
      await send(
        who,
        '/api/v1/rentals',
        { product_id: wa.id, currency: 'BRL', hours: 4 },
        `r-${randomUUID()}`,
      )
    ).json();
    const cookie = who.cookie;
    const extendOn = (store: typeof front) =>
      store.inject({
        method: 'POST',
        url: `/api/v1/rentals/${rented.id}/extend`,
        headers: { origin: TEST_ORIGIN, cookie, 'idempotency-key': `e-${randomUUID()}` },
        payload: { hours: 4 },
      });
    const answers = await Promise.all([extendOn(front), extendOn(back), extendOn(front), extendOn(back)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const [row] = await queryRows<{ ends_at: Date }>(
      database.db,
      sql`SELECT ends_at FROM rentals WHERE id = ${rented.id}`,
    );
    expect(new Date(row!.ends_at).getTime()).toBe(new Date(rented.ends_at).getTime() + 16 * 3_600_000);
    expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(100_000 - 5 * price);
    expect(await ledger.verify()).toEqual([]);
  });
});
