import { afterAll, describe, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { createClock, createTestApp } from './helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A suite that runs only on PostgreSQL (CI's PostgreSQL pass). Its body builds stores, which needs the
 * server even while tests are only collected, so without one a stand-in body says why it was skipped.
 */
export function describeOnPostgres(name: string, body: () => Promise<void>) {
  describe.skipIf(!onPostgres)(name, onPostgres ? body : () => it('needs DATABASE_URL', () => {}));
}

/**
 * Two stores on one PostgreSQL database, each with its own connection pool, as two API processes behind
 * a balancer are: `front` answers the customer, `back` may run the tasks. Closed after the suite.
 */
export async function twoStores(env: Record<string, string>) {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app: front, database, config } = await createTestApp({ now: clock.now, env });
  const url = (database as { url?: string }).url!;
  const otherDatabase = await openDatabase({ databaseUrl: url });
  const back = await buildApp({ config, database: otherDatabase, logger: false, now: clock.now });
  afterAll(async () => {
    await back.close();
    await otherDatabase.close();
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  return { clock, front, back, database, ledger };
}
