import { and, desc, eq, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

export type Currency = 'BRL' | 'USD';
export type AccountKind = 'wallet' | 'escrow' | 'revenue' | 'external_in' | 'staff_adjustments';
export type TransferKind = 'topup' | 'purchase' | 'capture' | 'refund' | 'adjustment';

const walletBalanceQuery = (ex: Executor, userId: string | Placeholder, currency: Currency | Placeholder) =>
  ex
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, 'wallet'),
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.currency, currency),
      ),
    );

export const accountKey = (kind: AccountKind, userId: string | null) => `${kind}:${userId ?? ''}`;

export function createLedgerRepository(db: Executor) {
  const walletBalancePrepared = walletBalanceQuery(
    db,
    sql.placeholder('userId'),
    sql.placeholder('currency'),
  ).prepare('wallet_balance');

  return {
    /** The account's id, creating it on first use (wallets appear the first time money touches them). */
    async ensureAccount(kind: AccountKind, userId: string | null, currency: Currency, ex: Executor = db) {
      const find = async () => {
        const [row] = await ex
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(
            and(
              eq(ledgerAccounts.kind, kind),
              eq(ledgerAccounts.currency, currency),
              userId ? eq(ledgerAccounts.userId, userId) : sql`user_id IS NULL`,
            ),
          );
        return row?.id;
      };
      // Nearly always there already: one read. Else created (or found created by a concurrent transfer).
      const existing = await find();
      if (existing !== undefined) return existing;
      const target =
        kind === 'wallet'
          ? sql`(user_id, currency) WHERE kind = 'wallet'`
          : sql`(kind, currency) WHERE kind <> 'wallet'`;
      await ex.execute(
        sql`INSERT INTO ledger_accounts (kind, user_id, currency) VALUES (${kind}, ${userId}, ${currency}) ON CONFLICT ${target} DO NOTHING`,
      );
      return (await find())!;
    },

    /** The ids of the accounts that exist among `wanted`, in one read, keyed `kind:userId` ('' for none). */
    async findAccounts(
      currency: Currency,
      wanted: { kind: AccountKind; userId: string | null }[],
      ex: Executor = db,
    ): Promise<Map<string, number>> {
      const rows = await ex
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.currency, currency),
            or(
              ...wanted.map((w) =>
                and(
                  eq(ledgerAccounts.kind, w.kind),
                  w.userId ? eq(ledgerAccounts.userId, w.userId) : isNull(ledgerAccounts.userId),
                ),
              ),
            ),
          ),
        );
      return new Map(rows.map((r) => [accountKey(r.kind, r.userId), r.id]));
    },

    /** Null when a transfer with this key exists already: the caller's work was done before. */
    async insertTransfer(
      t: {
        idempotencyKey: string;
        kind: TransferKind;
        currency: Currency;
        amount: number;
        userId: string | null;
        description: string;
        reference: string | null;
      },
      ex: Executor = db,
    ) {
      const [row] = await ex
        .insert(ledgerTransfers)
        .values(t)
        .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
        .returning({ id: ledgerTransfers.id });
      return row?.id ?? null;
    },

    /**
     * Moves the cached balance and records the entry, in one statement (the account's row stays locked
     * until the transaction ends, so the fewer round trips after it the better); the balance CHECK
     * refuses an overdraft.
     */
    async applyEntry(transferId: number, accountId: number, amount: number, ex: Executor = db) {
      const [row] = await queryRows<{ balance_after: number | string }>(
        ex,
        sql`WITH account AS (
              UPDATE ledger_accounts SET balance = balance + ${amount} WHERE id = ${accountId} RETURNING id, balance
            )
            INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
            SELECT ${transferId}, id, ${amount}, balance FROM account
            RETURNING balance_after`,
      );
      return Number(row!.balance_after);
    },

    async findTransferByKey(idempotencyKey: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    /** A wallet's balance: read on every balance request, so a named statement planned once per connection. */
    async walletBalance(userId: string, currency: Currency, ex: Executor = db) {
      const [row] =
        ex === db
          ? await walletBalancePrepared.execute({ userId, currency })
          : await walletBalanceQuery(ex, userId, currency);
      return row?.balance ?? 0;
    },

    async listWallets(userId: string) {
      return db
        .select({
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
          createdAt: ledgerAccounts.createdAt,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.userId, userId)))
        .orderBy(ledgerAccounts.currency);
    },

    /** A user's wallet movements, newest first; `currency` null means every wallet. */
    async listWalletEntries(userId: string, currency: Currency | null, skip: number, limit: number) {
      const where = and(
        eq(ledgerAccounts.kind, 'wallet'),
        eq(ledgerAccounts.userId, userId),
        currency ? eq(ledgerAccounts.currency, currency) : undefined,
      );
      const [items, [count]] = await Promise.all([
        db
          .select({
            id: ledgerEntries.id,
            kind: ledgerTransfers.kind,
            amount: ledgerEntries.amount,
            balanceAfter: ledgerEntries.balanceAfter,
            currency: ledgerAccounts.currency,
            description: ledgerTransfers.description,
            reference: ledgerTransfers.reference,
            createdAt: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
          .where(where)
          .orderBy(desc(ledgerEntries.id))
          .offset(skip)
          .limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(where),
      ]);
      return { items, total: Number(count?.n ?? 0) };
    },

    async countRows() {
      const [row] = await queryRows<{ transfers: number; entries: number }>(
        db,
        sql`SELECT (SELECT count(*) FROM ledger_transfers)::int AS transfers, (SELECT count(*) FROM ledger_entries)::int AS entries`,
      );
      return { transfers: Number(row?.transfers ?? 0), entries: Number(row?.entries ?? 0) };
    },

    /** Every ledger invariant, as rows that break it (empty arrays mean the books balance). */
    async findBreaches() {
      const [unbalanced, empty, mixedCurrency, staleBalance, overdrawn, currencyTotals] = await Promise.all([
        queryRows(
          db,
          sql`SELECT transfer_id, sum(amount)::bigint AS total FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0`,
        ),
        queryRows(
          db,
          sql`SELECT t.id FROM ledger_transfers t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id)`,
        ),
        queryRows(
          db,
          sql`SELECT e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id WHERE a.currency <> t.currency`,
        ),
        queryRows(
          db,
          sql`SELECT a.id, a.balance, coalesce(sum(e.amount), 0)::bigint AS entries FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`,
        ),
        queryRows(
          db,
          sql`SELECT id, balance FROM ledger_accounts WHERE kind NOT IN ('external_in', 'staff_adjustments') AND balance < 0`,
        ),
        queryRows(
          db,
          sql`SELECT a.currency, sum(e.amount)::bigint AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id GROUP BY a.currency HAVING sum(e.amount) <> 0`,
        ),
      ]);
      return { unbalanced, empty, mixedCurrency, staleBalance, overdrawn, currencyTotals };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
