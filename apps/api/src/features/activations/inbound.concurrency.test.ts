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
const ROUNDS = 15;
const jitter = () => new Promise<void>((r) => setTimeout(r, Math.floor(Math.random() * 4)));

// PGlite is single-connection: races only mean something against a real PostgreSQL server.
describe.runIf(process.env.DATABASE_URL)('a pushed SMS under concurrency (PostgreSQL)', () => {
  let database: Database;
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    await database.db.execute(sql`UPDATE products SET stock = 100000`);
  });
  afterAll(() => database.close());

  it('duplicated, replayed, racing the poller and the expiry: one SMS, one capture or refund', async () => {
    const sms = { state: 'code' as const, code: '654321', text: 'Your code is 654321' };
    const stub = stubProvider('pusher', {
      async getStatus() {
        await jitter();
        return sms;
      },
    });
    const { activations, ledger } = buildActivations(database, {
      now: clock.now,
      providers: [stub.provider],
      rateLimited: false,
    });
    const wa = await productId(database, 'WA-BR');
    const userId = await insertUser(database, 'pushed');
    await topUp(database, ledger, userId, wa.price * ROUNDS);
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { activation } = await activations.purchase({
        userId,
        productId: wa.id,
        currency: 'BRL',
        idempotencyKey: `push-race-${round}`,
      });
      const [row] = await queryRows<{ upstream_id: string }>(
        database.db,
        sql`SELECT upstream_id FROM activations WHERE id = ${activation.id}`,
      );
      const body = { activationId: row!.upstream_id, text: sms.text, code: sms.code };
      // Right at the 20-minute mark: the expiry and the SMS are both due.
      clock.advance(20 * MINUTE);
      const push = async () => {
        await jitter();
        await activations.receiveSms('pusher', body);
      };
      const results = await Promise.allSettled([
        push(),
        push(),
        push(),
        (async () => {
          await jitter();
          await activations.checkDue();
        })(),
        (async () => {
          await jitter();
          await activations.expireDue();
        })(),
        push(),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const messages = await queryRows<{ delivered: boolean }>(
        database.db,
        sql`SELECT delivered FROM sms_messages WHERE activation_id = ${activation.id}`,
      );
      expect(messages).toHaveLength(1);
      const settled = (await settlementTransfers(database, activation.id)).map((t) => t.kind);
      expect(settled).toHaveLength(2);
      expect(['capture', 'refund']).toContain(settled[1]);
      // A refunded order keeps the late SMS for the record but never shows it.
      expect(messages[0]!.delivered).toBe(settled[1] === 'capture');
      outcomes.add(settled[1]!);
    }
    expect(await ledger.verify()).toEqual([]);
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
