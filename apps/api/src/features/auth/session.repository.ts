import { and, eq, lt, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, sessions, users } from '../../db/schema/index.ts';

export type NewSession = typeof sessions.$inferInsert;

const sessionWithUser = {
  id: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  user: {
    id: users.id,
    email: users.email,
    role: users.role,
    isActive: users.isActive,
    preferredLanguage: users.preferredLanguage,
    preferredCurrency: users.preferredCurrency,
    fullName: users.fullName,
    phoneNumber: users.phoneNumber,
    createdAt: users.createdAt,
    mustChangePassword: users.mustChangePassword,
  },
};

const walletBalance = (currency: 'BRL' | 'USD') =>
  sql<number | null>`(SELECT ${ledgerAccounts.balance} FROM ${ledgerAccounts}
    WHERE ${ledgerAccounts.kind} = 'wallet' AND ${ledgerAccounts.userId} = ${users.id}
      AND ${ledgerAccounts.currency} = ${currency})`.mapWith(ledgerAccounts.balance);

/** The same, with the caller's two wallet balances: what the wallet routes answer, in the same round trip. */
const sessionWithUserAndWallets = {
  ...sessionWithUser,
  wallets: { BRL: walletBalance('BRL'), USD: walletBalance('USD') },
};

const withUser = (ex: Executor, tokenHash: string | Placeholder) =>
  ex
    .select(sessionWithUser)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));

export function createSessionRepository(db: Executor) {
  // The hottest read of the API: a named statement, parsed and planned once per connection, not per request.
  const findWithUserPrepared = withUser(db, sql.placeholder('tokenHash')).prepare('session_with_user');
  const findWithWalletsPrepared = db
    .select(sessionWithUserAndWallets)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_with_user_wallets');

  return {
    async insert(session: NewSession, ex: Executor = db): Promise<string> {
      const [row] = await ex.insert(sessions).values(session).returning({ id: sessions.id });
      return row!.id;
    },

    /** The session and its user, read together on every request that needs its caller. */
    async findWithUser(tokenHash: string, ex: Executor = db) {
      const [row] =
        ex === db ? await findWithUserPrepared.execute({ tokenHash }) : await withUser(ex, tokenHash);
      return row;
    },

    /** findWithUser and the user's wallet balances (null: a wallet money never touched), read together. */
    async findWithUserAndWallets(tokenHash: string) {
      const [row] = await findWithWalletsPrepared.execute({ tokenHash });
      return row;
    },

    async touch(id: string, at: Date, ex: Executor = db): Promise<void> {
      await ex.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async deleteById(id: string, ex: Executor = db): Promise<void> {
      await ex.delete(sessions).where(eq(sessions.id, id));
    },

    async deleteByTokenHash(tokenHash: string, ex: Executor = db) {
      const [row] = await ex
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ id: sessions.id, userId: sessions.userId });
      return row;
    },

    async deleteByUser(userId: string, ex: Executor = db): Promise<number> {
      const rows = await ex
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Every session of a user but one (the caller's own, after they changed their password). */
    async deleteOthersOfUser(userId: string, keepId: string, ex: Executor = db): Promise<number> {
      const rows = await ex
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Sessions past their absolute expiry or idle since before `idleBefore`. */
    async deleteExpired(at: Date, idleBefore: Date, ex: Executor = db): Promise<void> {
      await ex.delete(sessions).where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, idleBefore)));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
