import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService } from './ledger.service.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const [found] = await queryRows<{ t: string | null }>(
    database.db,
    sql`SELECT to_regclass('ledger_entries')::text AS t`,
  );
  if (!found?.t) {
    console.error('No ledger in this database (migrations not applied): check DATABASE_URL or DATA_DIR.');
    process.exit(2);
  }
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const problems = await ledger.verify();
  const { transfers, entries } = await ledger.countRows();
  if (problems.length > 0) {
    console.error(`Ledger breaches (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `Ledger OK: ${transfers} transfers and ${entries} entries balance, per transfer and per currency, and cached balances match.`,
    );
  }
} finally {
  await database.close();
}
