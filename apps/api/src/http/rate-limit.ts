import { and, eq, gt, lt, sql } from 'drizzle-orm';
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
export function createRateLimiter(db: Executor, now: () => Date): RateLimiter {
  // Asked at every limited request (each purchase, each sign-in): a named statement, planned once.
  const expired = sql`${rateLimits.resetAt} <= ${sql.placeholder('atText')}::timestamptz`;
  const hitPrepared = db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      windowStart: sql.placeholder('at'),
      resetAt: sql.placeholder('resetAt'),
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${rateLimits.windowStart} END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .prepare('rate_limit_hit');
  return {
    /** Counts one hit against `key` and returns the count in the current window. */
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitHit> {
      const at = now();
      const resetAt = new Date(at.getTime() + rule.windowMs);
      const [row] = await hitPrepared.execute({ key, at, atText: at.toISOString(), resetAt });
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

    async peek(key: string): Promise<RateLimitHit | null> {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now())));
      return row ? { count: row.count, resetAt: new Date(row.resetAt) } : null;
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
export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<RateLimitHit>;
  consume(key: string, rule: RateLimitRule): Promise<RateLimitHit>;
  /** The current window's count without counting a hit; null when the key has no open window. */
  peek(key: string): Promise<RateLimitHit | null>;
  clear(key: string): Promise<void>;
  purgeExpired(): Promise<void>;
}

/** How often, at most, a hit first sweeps the ended windows out of memory. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The same fixed windows in this process's memory, for the embedded database: only one process can open
 * its folder, so no other process counts hits, and a limited request (each purchase, each sign-in)
 * writes nothing. Counters start over when the process does.
 */
export function createMemoryRateLimiter(now: () => Date): RateLimiter {
  const windows = new Map<string, RateLimitHit>();
  let sweptAt = 0;
  const open = (key: string, at: Date) => {
    const window = windows.get(key);
    return window && window.resetAt > at ? window : null;
  };
  const limiter: RateLimiter = {
    async hit(key, rule) {
      const at = now();
      if (at.getTime() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at.getTime();
        await limiter.purgeExpired();
      }
      const window = open(key, at) ?? { count: 0, resetAt: new Date(at.getTime() + rule.windowMs) };
      window.count++;
      windows.set(key, window);
      return { ...window };
    },
    async consume(key, rule) {
      const hit = await limiter.hit(key, rule);
      if (hit.count > rule.limit) throw rateLimited(hit.resetAt, now());
      return hit;
    },
    async peek(key) {
      const window = open(key, now());
      return window ? { ...window } : null;
    },
    async clear(key) {
      windows.delete(key);
    },
    async purgeExpired() {
      const at = now();
      for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    },
  };
  return limiter;
}

/** What the Redis limiter needs of a client (node-redis). */
export interface RedisLike {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  hmGet(key: string, fields: string[]): Promise<(string | null)[]>;
  del(key: string): Promise<unknown>;
}

// Same fixed window as the PostgreSQL limiter, read against the app's clock (so tests can move time),
// atomic because Redis runs a script alone. The key's own expiry only collects it once the window is over.
const HIT_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'count', 'reset')
local count = tonumber(v[1])
local reset = tonumber(v[2])
local now = tonumber(ARGV[1])
if (not reset) or reset <= now then
  count = 1
  reset = now + tonumber(ARGV[2])
else
  count = count + 1
end
redis.call('HSET', KEYS[1], 'count', count, 'reset', reset)
redis.call('PEXPIRE', KEYS[1], math.max(1, reset - now) + 60000)
return {count, tostring(reset)}
`;

/**
 * The same counters in Redis (REDIS_URL), for deployments that want them off the database. `prefix`
 * separates stores (and test runs) sharing one Redis.
 */
export function createRedisRateLimiter(redis: RedisLike, now: () => Date, prefix: string): RateLimiter {
  const limiter: RateLimiter = {
    async hit(key, rule) {
      const reply = (await redis.eval(HIT_SCRIPT, {
        keys: [`${prefix}rl:${key}`],
        arguments: [String(now().getTime()), String(rule.windowMs)],
      })) as [number, string];
      return { count: Number(reply[0]), resetAt: new Date(Number(reply[1])) };
    },
    async consume(key, rule) {
      const hit = await limiter.hit(key, rule);
      if (hit.count > rule.limit) throw rateLimited(hit.resetAt, now());
      return hit;
    },
    async peek(key) {
      const [count, reset] = await redis.hmGet(`${prefix}rl:${key}`, ['count', 'reset']);
      if (count == null || reset == null || Number(reset) <= now().getTime()) return null;
      return { count: Number(count), resetAt: new Date(Number(reset)) };
    },
    async clear(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
    // Redis expires the keys itself.
    async purgeExpired() {},
  };
  return limiter;
}

export function rateLimited(resetAt: Date, at: Date, code = 'RATE_LIMITED'): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000));
  return new AppError(code, 429, {}, { 'retry-after': String(seconds) });
}
