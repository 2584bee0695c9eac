import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';

/** Keeps the event loop busy, as a burst of synchronous work would. */
function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Spinning on purpose.
  }
}

describe('load shedding', async () => {
  const { app } = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '300' } });

  it('answers 503 with Retry-After while the event loop lags, and serves again once it recovers', async () => {
    const calm = async () => {
      // Start-up work (migrations, seeding) may have lagged the loop: wait until it is calm.
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 300));
        if ((await app.inject({ url: '/ready' })).statusCode === 200) return true;
      }
      return false;
    };
    expect(await calm()).toBe(true);

    // Saturated: synchronous work keeps the loop busy, yielding only briefly, for over a second.
    for (let i = 0; i < 5; i++) {
      blockEventLoop(400);
      await new Promise((r) => setImmediate(r));
    }
    const shed = await app.inject({ url: '/api/v1/catalog/services', headers: { 'accept-language': 'en' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      detail: 'Service temporarily unavailable. Please try again later.',
    });

    // The probes: the process is alive, and not ready for new traffic.
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    const ready = await app.inject({ url: '/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'unavailable', database: 'up' }]);

    expect(await calm()).toBe(true);
    expect((await app.inject({ url: '/api/v1/catalog/services' })).statusCode).toBe(200);
  });
});
