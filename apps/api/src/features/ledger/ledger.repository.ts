import { and, desc, eq, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/index.ts';
import { namedStatement, queryRows } from '../../db/sql.ts';

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

const accountKey = (kind: AccountKind, userId: string | null) => `${kind}:${userId ?? ''}`;

export interface NewTransfer {
  idempotencyKey: string;
  kind: TransferKind;
  currency: Currency;
  amount: number;
  userId: string | null;
  description: string;
  reference: string | null;
}

/** Account ids this process knows, at most this many (then it starts again, reading them as needed). */
const REMEMBERED_ACCOUNTS = 100_000;

const openTransferStatement = namedStatement<{ transfer_id: number | string | null; applied: boolean }>(
  'ledger_open_transfer',
  sql`WITH t AS (
        INSERT INTO ledger_transfers (idempotency_key, kind, currency, amount, user_id, description, reference)
        VALUES (${sql.placeholder('idempotencyKey')}, ${sql.placeholder('kind')}, ${sql.placeholder('currency')},
          ${sql.placeholder('amount')}, ${sql.placeholder('userId')}, ${sql.placeholder('description')},
          ${sql.placeholder('reference')})
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
      ), account AS (
        UPDATE ledger_accounts SET balance = balance + ${sql.placeholder('entryAmount')}
        WHERE id = ${sql.placeholder('accountId')} AND EXISTS (SELECT 1 FROM t) RETURNING id, balance
      ), entry AS (
        INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
        SELECT t.id, account.id, ${sql.placeholder('entryAmount')}, account.balance FROM t, account RETURNING id
      )
      SELECT (SELECT id FROM t) AS transfer_id, EXISTS (SELECT 1 FROM entry) AS applied`,
);

const applyEntryStatement = namedStatement(
  'ledger_apply_entry',
  sql`WITH account AS (
        UPDATE ledger_accounts SET balance = balance + ${sql.placeholder('amount')}
        WHERE id = ${sql.placeholder('accountId')} RETURNING id, balance
      )
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after)
      SELECT ${sql.placeholder('transferId')}, id, ${sql.placeholder('amount')}, balance FROM account
      RETURNING id`,
);

export function createLedgerRepository(db: Executor) {
  const remembered = new Map<string, number>();
  const memoryKey = (currency: Currency, kind: AccountKind, userId: string | null) =>
    `${currency}:${accountKey(kind, userId)}`;
  const remember = (currency: Currency, kind: AccountKind, userId: string | null, id: number) => {
    if (remembered.size >= REMEMBERED_ACCOUNTS) remembered.clear();
    remembered.set(memoryKey(currency, kind, userId), id);
  };
  const walletBalancePrepared = walletBalanceQuery(
    db,
    sql.placeholder('userId'),
    sql.placeholder('currency'),
  ).prepare('wallet_balance');

  /** The account's id, creating it on first use (wallets appear the first time money touches them). */
  async function ensureAccount(
    kind: AccountKind,
    userId: string | null,
    currency: Currency,
    ex: Executor = db,
  ) {
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
    let id = await find();
    if (id === undefined) {
      const target =
        kind === 'wallet'
          ? sql`(user_id, currency) WHERE kind = 'wallet'`
          : sql`(kind, currency) WHERE kind <> 'wallet'`;
      await ex.execute(
        sql`INSERT INTO ledger_accounts (kind, user_id, currency) VALUES (${kind}, ${userId}, ${currency}) ON CONFLICT ${target} DO NOTHING`,
      );
      id = (await find())!;
    }
    return id;
  }

  return {
    ensureAccount,

    /**
     * The ids of `wanted`, in its order: from this process's memory (an account is never deleted and never
     * changes its id), else in one read, creating any that money never touched. Only accounts another
     * transaction created are remembered, so committed: another transfer that used the id of one this
     * transaction created would wait for its commit while holding a wallet (a deadlock).
     */
    async accountIds(
      currency: Currency,
      wanted: { kind: AccountKind; userId: string | null }[],
      ex: Executor = db,
    ): Promise<number[]> {
      const ids = wanted.map((w) => remembered.get(memoryKey(currency, w.kind, w.userId)));
      const missing = wanted.filter((_, i) => ids[i] === undefined);
      if (missing.length === 0) return ids as number[];
      const rows = await ex
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          userId: ledgerAccounts.userId,
          ours: sql<boolean>`xmin = pg_current_xact_id()::xid`,
        })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.currency, currency),
            or(
              ...missing.map((w) =>
                and(
                  eq(ledgerAccounts.kind, w.kind),
                  w.userId ? eq(ledgerAccounts.userId, w.userId) : isNull(ledgerAccounts.userId),
                ),
              ),
            ),
          ),
        );
      for (const r of rows) if (!r.ours) remember(currency, r.kind, r.userId, r.id);
      const found = new Map(rows.map((r) => [accountKey(r.kind, r.userId), r.id]));
      for (const [i, w] of wanted.entries()) {
        ids[i] ??=
          found.get(accountKey(w.kind, w.userId)) ?? (await ensureAccount(w.kind, w.userId, currency, ex));
      }
      return ids as number[];
    },

    /**
     * Opens a transfer and posts its first entry, in one statement. Null when a transfer with this key
     * exists already (nothing moves: the caller's work was done before).
     */
    async openTransfer(t: NewTransfer, first: { accountId: number; amount: number }, ex: Executor) {
      const entry = { accountId: first.accountId, entryAmount: first.amount };
      const [row] = await openTransferStatement(ex, { ...t, ...entry });
      if (row?.transfer_id == null) return null;
      if (!row.applied) throw new Error(`ledger account ${first.accountId} not found`);
      return Number(row.transfer_id);
    },

    /**
     * Moves the cached balance and records the entry, in one statement. The balance CHECK refuses an
     * overdraft.
     */
    async applyEntry(transferId: number, accountId: number, amount: number, ex: Executor) {
      const rows = await applyEntryStatement(ex, { transferId, accountId, amount });
      if (rows.length !== 1) throw new Error(`ledger account ${accountId} not found`);
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
