import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { createSeededTestDatabase } from '../../test/test-database.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedgerService, flows } from './ledger.service.ts';

describe('ledger', async () => {
  const database = await createSeededTestDatabase();
  afterAll(() => database.close());
  const { db } = database;
  const ledger = createLedgerService({ repository: createLedgerRepository(db) });
  const [{ id: userId }] = (await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO users (email) VALUES ('ledger@numero.test') RETURNING id`,
  )) as [{ id: string }];

  const topup = (key: string, amount: number) =>
    db.transaction((tx) =>
      ledger.transfer(tx, {
        idempotencyKey: key,
        kind: 'topup',
        currency: 'BRL',
        userId,
        description: 'PIX',
        legs: flows.topup(userId, amount),
      }),
    );

  it('credits a wallet once per idempotency key', async () => {
    expect(await topup('pay-1', 5_000)).toBe(true);
    expect(await topup('pay-1', 5_000)).toBe(false);
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(5_000);
    expect(await ledger.walletBalance(userId, 'USD')).toBe(0);
    const history = await ledger.listWalletEntries(userId, 'BRL', 0, 10);
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({ kind: 'topup', amount: 5_000, balanceAfter: 5_000 });
  });

  it('refuses to overdraw a wallet and moves nothing', async () => {
    const attempt = db.transaction((tx) =>
      ledger.transfer(tx, {
        idempotencyKey: 'buy-too-much',
        kind: 'purchase',
        currency: 'BRL',
        userId,
        description: 'WhatsApp',
        legs: flows.purchase(userId, 5_001),
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 402 });
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(5_000);
    expect(await ledger.findTransferByKey('buy-too-much')).toBeNull();
  });

  it('holds, captures and refunds through escrow', async () => {
    await db.transaction(async (tx) => {
      await ledger.transfer(tx, {
        idempotencyKey: 'buy-1',
        kind: 'purchase',
        currency: 'BRL',
        userId,
        description: 'WhatsApp',
        legs: flows.purchase(userId, 500),
      });
      await ledger.transfer(tx, {
        idempotencyKey: 'buy-2',
        kind: 'purchase',
        currency: 'BRL',
        userId,
        description: 'Telegram',
        legs: flows.purchase(userId, 200),
      });
    });
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        idempotencyKey: 'cap-1',
        kind: 'capture',
        currency: 'BRL',
        userId,
        description: 'code',
        legs: flows.capture(500),
      }),
    );
    await db.transaction((tx) =>
      ledger.transfer(tx, {
        idempotencyKey: 'ref-2',
        kind: 'refund',
        currency: 'BRL',
        userId,
        description: 'no SMS',
        legs: flows.refund(userId, 200),
      }),
    );
    expect(await ledger.walletBalance(userId, 'BRL')).toBe(4_500);
    expect(await ledger.verify()).toEqual([]);
  });

  it("tells the wallet's owner of every movement of their wallet, and of nothing else", async () => {
    const events = await queryRows<{ type: string; data: unknown }>(
      db,
      sql`SELECT type, data FROM customer_events WHERE user_id = ${userId} ORDER BY id`,
    );
    // The top-up, two purchases and a refund; the capture moved only the store's own accounts.
    expect(events.map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data))).toEqual([
      { kind: 'topup', currency: 'BRL', amount: 5_000 },
      { kind: 'purchase', currency: 'BRL', amount: -500 },
      { kind: 'purchase', currency: 'BRL', amount: -200 },
      { kind: 'refund', currency: 'BRL', amount: 200 },
    ]);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['wallet']));
  });

  it('keeps history immutable and refuses an unbalanced transfer in the database itself', async () => {
    await expect(db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM ledger_transfers`)).rejects.toThrow();
    const unbalanced = db.transaction(async (tx) => {
      const [t] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO ledger_transfers (idempotency_key, kind, currency, amount, description) VALUES ('bad', 'adjustment', 'BRL', 10, 'x') RETURNING id`,
      );
      const [a] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM ledger_accounts WHERE kind = 'revenue' AND currency = 'BRL'`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after) VALUES (${t!.id}, ${a!.id}, 10, 0)`,
      );
    });
    await expect(unbalanced).rejects.toThrow();
    expect(await ledger.verify()).toEqual([]);
  });

  it('reports a cached balance that drifted from its entries', async () => {
    await db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'revenue' AND currency = 'BRL'`,
    );
    expect((await ledger.verify()).join()).toMatch(/caches .* but its entries sum to/);
    await db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE kind = 'revenue' AND currency = 'BRL'`,
    );
    expect(await ledger.verify()).toEqual([]);
  });

  // In USD the store's escrow account does not exist yet: the racing purchases create it.
  it.runIf(process.env.DATABASE_URL).each(['BRL', 'USD'] as const)(
    'lets 20 concurrent purchases with money for 5 succeed exactly 5 times (%s)',
    async (currency) => {
      const [{ id: buyer }] = (await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO users (email) VALUES (${`race-${currency}@numero.test`}) RETURNING id`,
      )) as [{ id: string }];
      await db.transaction((tx) =>
        ledger.transfer(tx, {
          idempotencyKey: `race-topup-${currency}`,
          kind: 'topup',
          currency,
          userId: buyer,
          description: 'PIX',
          legs: flows.topup(buyer, 2_500),
        }),
      );
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          db.transaction((tx) =>
            ledger.transfer(tx, {
              idempotencyKey: `race-buy-${currency}-${i}`,
              kind: 'purchase',
              currency,
              userId: buyer,
              description: 'WhatsApp',
              legs: flows.purchase(buyer, 500),
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .every((r) => (r as PromiseRejectedResult).reason.code === 'INSUFFICIENT_FUNDS'),
      ).toBe(true);
      expect(await ledger.walletBalance(buyer, currency)).toBe(0);
      expect(await ledger.verify()).toEqual([]);
    },
  );
});
