import type { EventBus } from '../../db/event-bus.ts';
import type { SessionUser } from '../../http/request-user.ts';

/**
 * The channel on which the database itself (triggers of migration 0020) names a user whose row changed
 * or one of whose sessions ended, in the transaction that did it: every writer is covered, ours, a
 * staff CLI or plain SQL, and the message leaves at commit.
 */
export const SESSION_CHANGES_CHANNEL = 'session_changed';
/** How long a process answers from what it read; an invalidation ends it sooner, in every process. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  id: string;
  lastSeenAt: Date | string;
  expiresAt: Date | string;
  user: SessionUser & { isActive: boolean };
}

interface Entry {
  row: CachedSession;
  cachedAt: number;
  epoch: number;
}

/**
 * A few seconds of memory of session → user, per process, so a request that needs its caller does not
 * query the database each time. It is only trusted while this process hears the database's session
 * messages (without them it answers nothing from memory), and a read during which any message arrived
 * is not kept, so a logout, deactivation, role or password change anywhere applies to the next request.
 */
export function createSessionCache({ now, ttlMs = SESSION_CACHE_MS }: { now: () => Date; ttlMs?: number }) {
  const entries = new Map<string, Entry>();
  let bus: EventBus | null = null;
  let heard = 0;

  const listening = () => {
    const state = bus?.listening();
    return state?.connected ? state.epoch : null;
  };

  function forgetUser(userId: string) {
    heard += 1;
    for (const [hash, entry] of entries) if (entry.row.user.id === userId) entries.delete(hash);
  }

  return {
    /** Starts hearing the database's session messages; until then nothing is answered from memory. */
    async follow(events: EventBus): Promise<void> {
      await events.subscribe(SESSION_CHANGES_CHANNEL, (userId) => {
        if (userId) forgetUser(userId);
        else {
          heard += 1;
          entries.clear();
        }
      });
      bus = events;
    },

    /** The session behind a token's hash, from memory when still good, else loaded (and kept if safe). */
    async read(
      tokenHash: string,
      load: () => Promise<CachedSession | undefined>,
    ): Promise<CachedSession | undefined> {
      const epoch = listening();
      const entry = entries.get(tokenHash);
      if (entry && epoch !== null && entry.epoch === epoch && now().getTime() - entry.cachedAt < ttlMs) {
        return entry.row;
      }
      entries.delete(tokenHash);
      const heardBefore = heard;
      const row = await load();
      if (ttlMs > 0 && row && epoch !== null && heard === heardBefore && listening() === epoch) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, { row, cachedAt: now().getTime(), epoch });
      }
      return row;
    },

    /** This process ended a session or changed a user: forgotten here at once, not only at the message. */
    forgetUser,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
