import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable, namedStatement, queryRows } from './sql.ts';

// Connections cut under the store (a restart, a failover, an operator's pg_terminate_backend) only exist
// on a PostgreSQL server; PGlite lives inside the process.
describe.runIf(process.env.DATABASE_URL)('a PostgreSQL connection cut while in use', () => {
  // Opened in the hooks: a skipped suite's body still runs to collect its tests.
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  it('fails the work in flight, keeps the process up, and serves the next query', async () => {
    // Four transactions hold their connections checked out from the pool when the server ends them.
    const inFlight = Array.from({ length: 4 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(5)`);
      }),
    );
    // Their failures are awaited from now on: one may fail before the terminating query has answered.
    const allSettled = Promise.allSettled(inFlight);
    // Wait until the four sleeps are running, then end their backends from outside.
    for (let i = 0; i < 50; i++) {
      const { rows } = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n >= 4) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const settled = await allSettled;
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    // Each failure is recognised as a lost connection, which the API answers with 503 and Retry-After.
    for (const s of settled) expect(isDatabaseUnavailable((s as PromiseRejectedResult).reason)).toBe(true);
    // Still here (an unhandled 'error' event would have ended the test process), and serving.
    expect(await queryRows<{ ok: number }>(database.db, sql`SELECT 1 AS ok`)).toEqual([{ ok: 1 }]);
  });

  it('answers a query that waited too long for a pooled connection as the store being busy (503)', async () => {
    const small = await openDatabase({ databaseUrl: database.url, pool: { size: 1, waitMs: 200 } });
    try {
      const holding = small.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(1)`);
      });
      const waiting = await queryRows(small.db, sql`SELECT 1`).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(waiting)).toBe(true);
      await holding;
      // Once the connection is free the pool serves again.
      expect(await queryRows<{ ok: number }>(small.db, sql`SELECT 1 AS ok`)).toEqual([{ ok: 1 }]);
    } finally {
      await small.close();
    }
  });

  it('keeps the connections a burst opened for the idle time it is given, then closes them', async () => {
    const backends = async (name: string) => {
      const { rows } = await admin.query(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [name],
      );
      return rows[0].n as number;
    };
    const open = (name: string, idleMs: number) =>
      openDatabase({
        databaseUrl: `${database.url}${database.url!.includes('?') ? '&' : '?'}application_name=${name}`,
        pool: { size: 3, waitMs: 5_000, idleMs },
      });
    const kept = await open('idle_kept', 60_000);
    const closed = await open('idle_closed', 1_000);
    try {
      // Three statements at once: a burst that needs three connections in each pool.
      const burst = (db: typeof kept.db) =>
        Promise.all([1, 2, 3].map(() => queryRows(db, sql`SELECT pg_sleep(0.2)`)));
      await Promise.all([burst(kept.db), burst(closed.db)]);
      expect([await backends('idle_kept'), await backends('idle_closed')]).toEqual([3, 3]);
      // The second pool closes its three after its idle second (no fixed sleep: the moment they go);
      // the first, given a minute, still holds its three then.
      await vi.waitFor(async () => expect(await backends('idle_closed')).toBe(0), {
        timeout: 5_000,
        interval: 100,
      });
      expect(await backends('idle_kept')).toBe(3);
    } finally {
      await kept.close();
      await closed.close();
    }
  });
});

describe('what either database answers', () => {
  it("gives dates, times and intervals as PostgreSQL's text, in a transaction too, and named statements", async () => {
    const database = await createTestDatabase();
    try {
      const read = async (ex: typeof database.db) =>
        (
          await queryRows<Record<string, unknown>>(
            ex,
            sql`SELECT '2026-01-02 03:04:05+00'::timestamptz AS at, '2026-01-02'::date AS day,
                '1 day 02:00:00'::interval AS span, ARRAY['2026-01-02'::date] AS days, 12::bigint AS n`,
          )
        )[0];
      const expected = {
        at: '2026-01-02 03:04:05+00',
        day: '2026-01-02',
        span: '1 day 02:00:00',
        days: '{2026-01-02}',
      };
      expect(await read(database.db)).toMatchObject(expected);
      expect(await database.db.transaction((tx) => read(tx))).toMatchObject(expected);
      const named = namedStatement<{ at: unknown }>(
        'client_test_named',
        sql`SELECT ${sql.placeholder('at')}::timestamptz AS at`,
      );
      expect(await named(database.db, { at: '2026-01-02T03:04:05Z' })).toEqual([
        { at: '2026-01-02 03:04:05+00' },
      ]);
      expect(await database.db.transaction((tx) => named(tx, { at: '2027-01-02T03:04:05Z' }))).toEqual([
        { at: '2027-01-02 03:04:05+00' },
      ]);
    } finally {
      await database.close();
    }
  });
});
