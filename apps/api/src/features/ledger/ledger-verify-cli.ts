import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService } from './ledger.service.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  const problems = await createLedgerService({ repository: createLedgerRepository(database.db) }).verify();
  if (problems.length > 0) {
    console.error(`Ledger breaches (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      'Ledger OK: every transfer balances, per transfer and per currency, and cached balances match.',
    );
  }
} finally {
  await database.close();
}
