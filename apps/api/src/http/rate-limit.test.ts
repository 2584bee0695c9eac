import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/index.ts';
import { createClock, createTestApp } from '../test/helpers.ts';
import {
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limit.ts';

/** The behaviour both stores of counters must show. */
function behavesAsAFixedWindowLimiter(make: (now: () => Date) => Promise<RateLimiter>) {
  const clock = createClock(new Date('2025-05-01T10:00:00Z'));
  const rule = { limit: 3, windowMs: 60_000 };
  let limiter: RateLimiter;
  beforeAll(async () => {
    limiter = await make(clock.now);
  });

  it('counts hits in a fixed window and starts over when it ends', async () => {
    expect(await limiter.hit('k1', rule)).toEqual({ count: 1, resetAt: new Date('2025-05-01T10:01:00Z') });
    clock.advance(10_000);
    expect((await limiter.hit('k1', rule)).count).toBe(2);
    const third = await limiter.hit('k1', rule);
    expect(third).toEqual({ count: 3, resetAt: new Date('2025-05-01T10:01:00Z') });
    clock.advance(50_000);
    expect(await limiter.hit('k1', rule)).toEqual({ count: 1, resetAt: new Date('2025-05-01T10:02:00Z') });
  });

  it('refuses past the limit with 429 and the seconds left in Retry-After', async () => {
    for (let i = 0; i < 3; i++) await limiter.consume('k2', rule);
    clock.advance(15_500);
    const err = await limiter.consume('k2', rule).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429, headers: { 'retry-after': '45' } });
  });

  it('clears one key without touching the others', async () => {
    await limiter.hit('k3', rule);
    await limiter.hit('k4', rule);
    await limiter.clear('k3');
    expect((await limiter.hit('k3', rule)).count).toBe(1);
    expect((await limiter.hit('k4', rule)).count).toBe(2);
  });

  it('reads the current count without counting, and nothing once the window ends', async () => {
    expect(await limiter.peek('k7')).toBeNull();
    await limiter.hit('k7', rule);
    await limiter.hit('k7', rule);
    const seen = await limiter.peek('k7');
    expect(seen?.count).toBe(2);
    expect((await limiter.peek('k7'))?.count).toBe(2);
    clock.advance(60_000);
    expect(await limiter.peek('k7')).toBeNull();
  });

  it('never loses a hit when many arrive at once (one atomic upsert each)', async () => {
    const hits = await Promise.all(
      Array.from({ length: 25 }, () => limiter.hit('k5', { ...rule, limit: 100 })),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });
}

describe('rate limits kept in PostgreSQL', async () => {
  const clock = createClock(new Date('2025-05-01T10:00:00Z'));
  const { database } = await createTestApp({ now: clock.now });
  behavesAsAFixedWindowLimiter(async (now) => createRateLimiter(database.db, now));

  it('purges the counters of ended windows', async () => {
    const limiter = createRateLimiter(database.db, clock.now);
    await limiter.hit('k6', { limit: 3, windowMs: 60_000 });
    clock.advance(61_000);
    await limiter.purgeExpired();
    const keys = (await database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('k6');
  });
});

describe('rate limits kept in memory (the embedded database: one process)', () => {
  behavesAsAFixedWindowLimiter(async (now) => createMemoryRateLimiter(now));
});

describe.runIf(process.env.REDIS_URL)('rate limits kept in Redis (REDIS_URL)', async () => {
  const client = createClient({ url: process.env.REDIS_URL });
  await client.connect();
  const prefix = `numero-test-${randomBytes(6).toString('hex')}:`;
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(keys);
    await client.close();
  });
  behavesAsAFixedWindowLimiter(async (now) => createRedisRateLimiter(client, now, prefix));
});
