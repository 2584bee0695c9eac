import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productId, topUp } from '../../test/activations-fixture.ts';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

/** What a statement is: its first word and the first table it names ("insert activations"). */
function kindOf(statement: string): string {
  const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase();
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(statement)?.[1];
  return `${verb} ${table}`;
}

describe('what a purchase costs the database', async () => {
  const statements: string[] = [];
  // The session is read at every request, as on PostgreSQL by default; the SMS comes long after.
  const { app, database } = await createTestApp({
    env: { SESSION_MEMORY_MS: '0', SIMULATOR_MIN_DELAY_MS: '600000', SIMULATOR_MAX_DELAY_MS: '600000' },
    onQuery: (q) => statements.push(q),
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);
  const { cookie, user } = await signUpAndSignIn(app);
  await topUp(database, ledger, user.id, 100_000);
  const buy = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie, 'idempotency-key': randomUUID() },
      payload: { product_id: wa.id, currency: 'BRL' },
    });

  it('sends nine statements besides BEGIN and COMMIT once the accounts are known', async () => {
    // The first purchases find the wallet and escrow accounts; later ones know their ids.
    for (let i = 0; i < 2; i++) expect((await buy()).statusCode).toBe(201);
    statements.length = 0;
    expect((await buy()).statusCode).toBe(201);
    // BEGIN and COMMIT are told by node-postgres only. The limit is counted in Redis when there is one,
    // and in memory on the embedded database (one process).
    const limitCounted = !process.env.REDIS_URL && database.kind === 'postgres';
    expect(statements.map(kindOf).filter((k) => !/^(begin|commit) /i.test(k))).toEqual([
      'select sessions',
      ...(limitCounted ? ['insert rate_limits'] : []),
      'select products',
      'insert activations',
      'with ledger_transfers', // the transfer and the wallet's entry
      'with ledger_accounts', // escrow's entry, last before the commit
      'with activations', // the record that the seller is about to be asked, committed before it is
      'update activations', // the number
      'update products', // the stock
    ]);
  });
});
