import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signIn,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_EVERY_MS = 30_000;
const ROUNDS = 6;

/**
 * Money moves exactly once when two paths reach one rental together. Meaningful on PostgreSQL (run with
 * DATABASE_URL), where the requests really overlap; on PGlite they queue, and the answers must agree too.
 */
describe('rentals under races', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    // A rental's SMS come every two activation delays (simulator-rent.ts).
    env: {
      SIMULATOR_MIN_DELAY_MS: String(SMS_EVERY_MS / 2),
      SIMULATOR_MAX_DELAY_MS: String(SMS_EVERY_MS / 2),
    },
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  const price = Math.ceil((wa.price * 300) / 100);

  async function customer(): Promise<SignedIn> {
    const who = await signUpAndSignIn(app);
    await topUp(database, ledger, who.user.id, 100_000);
    return who;
  }
  const send = (who: SignedIn, url: string, payload?: object, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  const rent = async (who: SignedIn) =>
    (
      await send(
        who,
        '/api/v1/rentals',
        { product_id: wa.id, currency: 'BRL', hours: 4 },
        `r-${randomUUID()}`,
      )
    ).json();
  const settlements = (id: string) =>
    queryRows<{ kind: string }>(
      database.db,
      sql`SELECT kind FROM ledger_transfers WHERE reference = ${`rental:${id}`} AND kind IN ('capture', 'refund')`,
    );

  it('cancel against an arriving SMS: one refund or one capture, never both', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const who = await customer();
      const rental = await rent(who);
      clock.advance(SMS_EVERY_MS + 1_000);
      const [cancel] = await Promise.all([
        send(who, `/api/v1/rentals/${rental.id}/cancel`),
        app.scheduler.runOnce(),
      ]);
      const moved = await settlements(rental.id);
      expect(moved).toHaveLength(1);
      const balance = await ledger.walletBalance(who.user.id, 'BRL');
      if (cancel.statusCode === 200) expect([moved[0]!.kind, balance]).toEqual(['refund', 100_000]);
      else
        expect([moved[0]!.kind, balance, cancel.json().code]).toEqual([
          'capture',
          100_000 - price,
          'RENTAL_HAS_SMS',
        ]);
    }
    expect(await ledger.verify()).toEqual([]);
  });

  it('two extensions at once: both charged once each, both hours added', async () => {
    const who = await customer();
    const rental = await rent(who);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        send(who, `/api/v1/rentals/${rental.id}/extend`, { hours: 4 }, `e-${randomUUID()}`),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const [row] = await queryRows<{ ends_at: Date }>(
      database.db,
      sql`SELECT ends_at FROM rentals WHERE id = ${rental.id}`,
    );
    expect(new Date(row!.ends_at).getTime()).toBe(new Date(rental.ends_at).getTime() + 12 * 3_600_000);
    expect(await ledger.walletBalance(who.user.id, 'BRL')).toBe(100_000 - 4 * price);
    expect(await ledger.verify()).toEqual([]);
  });

  it('extend against expiry: the extension applies before the end, or is refused after it', async () => {
    const who = await customer();
    const rental = await rent(who);
    // Past the refund window and the SMS, to the last second of the rental.
    clock.advance(4 * 3_600_000 - 1_000);
    // Hours later the session has timed out: the customer signs in again.
    Object.assign(who, await signIn(app, who.user.email, TEST_PASSWORD));
    expect(await app.scheduler.runOnce()).toBeUndefined();
    const [extend] = await Promise.all([
      send(who, `/api/v1/rentals/${rental.id}/extend`, { hours: 4 }, `e-${randomUUID()}`),
      app.scheduler.runOnce(),
    ]);
    clock.advance(2_000);
    await app.scheduler.runOnce();
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM rentals WHERE id = ${rental.id}`,
    );
    const balance = await ledger.walletBalance(who.user.id, 'BRL');
    expect([201, 409]).toContain(extend.statusCode);
    if (extend.statusCode === 201) expect([row!.status, balance]).toEqual(['active', 100_000 - 2 * price]);
    else expect([row!.status, balance]).toEqual(['expired', 100_000 - price]);
    expect(await ledger.verify()).toEqual([]);
  });
});
