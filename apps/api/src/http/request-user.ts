import type { Currency, Role } from '@numero/contract/common';
import type { users } from '../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The signed-in caller, loaded with the session on every request that needs it (so role changes apply at
 * once): everything `GET /api/v1/users/me` answers, so that route reads nothing more.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  preferredLanguage: UserRow['preferredLanguage'];
  preferredCurrency: UserRow['preferredCurrency'];
  fullName: string | null;
  phoneNumber: string | null;
  createdAt: Date;
  /** Signed in with an admin-issued password: refused everything but changing it (auth's gate). */
  mustChangePassword: boolean;
}

/** A caller's balance in cents per currency (zero for a wallet money never touched). */
export type WalletBalances = Record<Currency, number>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /**
     * The caller's balances, read in the same statement as the session, on routes whose config asks for
     * them (`readsWallets`) and only when the session was read from the database for this request.
     */
    wallets: WalletBalances | null;
  }
}
