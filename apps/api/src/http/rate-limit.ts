import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

export interface RateLimitRule {
  /** How many hits a window allows; the next one is refused. */
  limit: number;
  windowMs: number;
}

export interface RateLimitHit {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every API process sharing the database sees the same
 * count. One atomic upsert per hit: two processes counting at once cannot both read the old value.
 */
export function createRateLimiter(db: Executor, now: () => Date) {
  return {
    /** Counts one hit against `key` and returns the count in the current window. */
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitHit> {
      const at = now();
      const resetAt = new Date(at.getTime() + rule.windowMs);
      const expired = sql`${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, windowStart: at, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${rateLimits.windowStart} END`,
            resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return { count: row!.count, resetAt: new Date(row!.resetAt) };
    },

    /**
     * Counts one hit and refuses it with 429 and `Retry-After` (seconds until the window ends) once the
     * window's limit is used up.
     */
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitHit> {
      const hit = await this.hit(key, rule);
      if (hit.count > rule.limit) throw rateLimited(hit.resetAt, now());
      return hit;
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Drops counters whose window has ended (housekeeping; a finished window counts as zero anyway). */
    async purgeExpired(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, now()));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function rateLimited(resetAt: Date, at: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
  return new AppError('RATE_LIMITED', 429, {}, { 'retry-after': String(seconds) });
}
