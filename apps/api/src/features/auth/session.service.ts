import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { SessionUser, WalletBalances } from '../../http/request-user.ts';
import type { SessionRepository } from './session.repository.ts';
import { createSessionCache } from './session-cache.ts';

/** Signed out after 30 minutes without a request (the web's own inactivity logout is also 30 minutes). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** However active, a session ends 7 days after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most once a minute: one write per minute per user, not one per request. */
export const SESSION_TOUCH_MS = 60_000;

/** 256 bits from the CSPRNG, base64url: 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

export function createSessionService({
  repository,
  memoryMs,
  now,
}: {
  repository: SessionRepository;
  /** How long a session may be answered from memory (config's sessionMemoryMs). */
  memoryMs?: number;
  now: () => Date;
}) {
  const cache = createSessionCache({ now, ttlMs: memoryMs });
  return {
    /** Remembers sessions for a few seconds once the database's session messages are heard on `bus`. */
    followChanges(bus: EventBus): Promise<void> {
      return cache.follow(bus);
    },

    /** A new session with a new token; only the token's hash is stored. */
    async start(userId: string, meta: SessionMeta, ex?: Executor) {
      const token = newSessionToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_MS);
      const sessionId = await repository.insert(
        {
          tokenHash: sha256Hex(token),
          userId,
          createdAt: at,
          lastSeenAt: at,
          expiresAt,
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        },
        ex,
      );
      return { token, sessionId, expiresAt };
    },

    /**
     * The live session behind a cookie's token, with its user, or null. An expired session, or one whose
     * user was deactivated, is deleted on the spot. Use slides the idle expiry forward.
     */
    async authenticate(
      token: string,
      { withWallets = false }: { withWallets?: boolean } = {},
    ): Promise<{ sessionId: string; user: SessionUser; wallets?: WalletBalances } | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const tokenHash = sha256Hex(token);
      // The balances come with the session only when read from the database now, never from memory.
      let wallets: WalletBalances | undefined;
      const row = await cache.read(tokenHash, async () => {
        if (!withWallets) return repository.findWithUser(tokenHash);
        const found = await repository.findWithUserAndWallets(tokenHash);
        if (!found) return undefined;
        const { wallets: read, ...session } = found;
        wallets = { BRL: read.BRL ?? 0, USD: read.USD ?? 0 };
        return session;
      });
      if (!row) return null;
      const at = now().getTime();
      const lastSeen = new Date(row.lastSeenAt).getTime();
      const expired = at >= new Date(row.expiresAt).getTime() || at - lastSeen >= SESSION_IDLE_MS;
      if (expired || !row.user.isActive) {
        cache.forgetUser(row.user.id);
        await repository.deleteById(row.id);
        return null;
      }
      if (at - lastSeen >= SESSION_TOUCH_MS) {
        await repository.touch(row.id, new Date(at));
        row.lastSeenAt = new Date(at);
      }
      const { isActive: _, ...user } = row.user;
      return { sessionId: row.id, user, ...(wallets ? { wallets } : {}) };
    },

    /** Ends the session behind a token, if any; returns whose it was. */
    async end(token: string, ex?: Executor) {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const ended = await repository.deleteByTokenHash(sha256Hex(token), ex);
      if (ended) cache.forgetUser(ended.userId);
      return ended;
    },

    /**
     * This process changed the user's row (their profile, a role): forgotten here at once. The database's
     * message forgets it in every process, this one included, but only a moment after the change answers.
     */
    forget(userId: string): void {
      cache.forgetUser(userId);
    },

    /** Signs a user out everywhere (for admins, and after a deactivation). */
    async endAllForUser(userId: string, ex?: Executor): Promise<number> {
      cache.forgetUser(userId);
      return repository.deleteByUser(userId, ex);
    },

    /** Signs a user out everywhere but the given session (theirs, after a password change). */
    async endOthersForUser(userId: string, keepSessionId: string, ex?: Executor): Promise<number> {
      cache.forgetUser(userId);
      return repository.deleteOthersOfUser(userId, keepSessionId, ex);
    },

    /** Housekeeping: expired sessions are refused anyway, this only keeps the table small. */
    async purgeExpired(): Promise<void> {
      const at = now();
      await repository.deleteExpired(at, new Date(at.getTime() - SESSION_IDLE_MS));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
