import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { Executor } from './client.ts';
import { createEventBus } from './event-bus.ts';

/** What the store's triggers do: announce on a channel, leaving at the commit. */
const notify = (ex: Executor, channel: string, payload: string) =>
  ex.execute(sql`SELECT pg_notify(${channel}, ${payload})`);

const heard = (messages: string[], n: number) =>
  new Promise<void>((resolve, reject) => {
    const start = Date.now();
    const look = () => {
      if (messages.length >= n) return resolve();
      if (Date.now() - start > 3_000) return reject(new Error(`heard ${messages.length} of ${n}`));
      setTimeout(look, 10);
    };
    look();
  });

describe('event bus', async () => {
  const database = await createTestDatabase();
  // Two buses over one database stand for two processes (on PGlite, two parts of one process).
  const a = createEventBus(database);
  const b = createEventBus(database);
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  it('delivers at commit to every subscriber, and nothing from a rolled-back transaction', async () => {
    const onA: string[] = [];
    const onB: string[] = [];
    const offA = await a.subscribe('test_events', (p) => onA.push(p));
    await b.subscribe('test_events', (p) => onB.push(p));
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'test_events', 'never');
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await notify(tx, 'test_events', 'committed');
      // Nobody hears of it before the commit.
      await new Promise((r) => setTimeout(r, 30));
      expect(onB).toEqual([]);
    });
    await heard(onB, 1);
    await heard(onA, 1);
    expect(onB).toEqual(['committed']);
    await offA();
    await notify(database.db, 'test_events', 'second');
    await heard(onB, 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(onA).toEqual(['committed']);
    expect(onB).toEqual(['committed', 'second']);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(a.subscribe('bad"; DROP', () => {})).rejects.toThrow(/bad channel/);
  });
});
