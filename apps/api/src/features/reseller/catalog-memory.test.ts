import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { HANDLER_API_PATH } from '@numero/contract/reseller';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventBus } from '../../db/event-bus.ts';
import { createCatalogMemory } from '../../http/catalog-memory.ts';
import { createTestApp, signUpAndSignIn } from '../../test/helpers.ts';
import { createApiKey } from '../../test/reseller-fixture.ts';

/** A bus whose messages the test sends, connected or not. */
function fakeBus() {
  const handlers: ((payload: string) => void)[] = [];
  let state = { connected: true, epoch: 1 };
  const bus: EventBus = {
    subscribe: async (_channel, handler) => {
      handlers.push(handler);
      return async () => {};
    },
    listening: () => state,
    close: async () => {},
  };
  return {
    bus,
    send: () => {
      for (const h of handlers) h('');
    },
    reconnect: () => {
      state = { connected: true, epoch: state.epoch + 1 };
    },
  };
}

/** A build the test finishes by hand, counting the builds started and the most ever at once. */
function manualBuilds() {
  const pending: (() => void)[] = [];
  let started = 0;
  let running = 0;
  let most = 0;
  const build = async (key: string) => {
    started += 1;
    running += 1;
    most = Math.max(most, running);
    const n = started;
    await new Promise<void>((resolve) => pending.push(resolve));
    running -= 1;
    return `${key}#${n}`;
  };
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    build,
    finish: async () => {
      await settle();
      pending.shift()?.();
      await settle();
    },
    counts: () => ({ started, most }),
  };
}

describe('the catalogue answers’ memory', () => {
  it('shares one build among callers, and keeps its value until a message', async () => {
    const builds = manualBuilds();
    const { bus, send } = fakeBus();
    const memory = createCatalogMemory({ build: builds.build, ms: 5_000, maxMs: 15_000, now: () => 0 });
    await memory.follow(bus, 'catalog_changed');
    const callers = [memory.get('BRL'), memory.get('BRL'), memory.get('BRL')];
    await builds.finish();
    expect(await Promise.all(callers)).toEqual(['BRL#1', 'BRL#1', 'BRL#1']);
    expect(await memory.get('BRL')).toBe('BRL#1');
    send();
    const after = memory.get('BRL');
    await builds.finish();
    expect(await after).toBe('BRL#2');
    expect(builds.counts()).toEqual({ started: 2, most: 1 });
  });

  it('never builds a key twice at once: a message during a build queues the next one after it', async () => {
    const builds = manualBuilds();
    const { bus, send } = fakeBus();
    const memory = createCatalogMemory({ build: builds.build, ms: 5_000, maxMs: 15_000, now: () => 0 });
    await memory.follow(bus, 'catalog_changed');
    const first = memory.get('USD');
    await new Promise((r) => setImmediate(r));
    send();
    const second = memory.get('USD');
    await builds.finish();
    // The caller that asked before the message gets what was built for it; it is not kept.
    expect(await first).toBe('USD#1');
    await builds.finish();
    expect(await second).toBe('USD#2');
    expect(await memory.get('USD')).toBe('USD#2');
    expect(builds.counts()).toEqual({ started: 2, most: 1 });
  });

  it('answers from the old value while one rebuild runs after `ms`, and waits after `maxMs`', async () => {
    const builds = manualBuilds();
    let clock = 0;
    const memory = createCatalogMemory({ build: builds.build, ms: 5_000, maxMs: 15_000, now: () => clock });
    const first = memory.get('BRL');
    await builds.finish();
    expect(await first).toBe('BRL#1');
    clock = 6_000;
    expect(await memory.get('BRL')).toBe('BRL#1');
    expect(await memory.get('BRL')).toBe('BRL#1');
    await builds.finish();
    expect(await memory.get('BRL')).toBe('BRL#2');
    clock = 30_000;
    const late = memory.get('BRL');
    await builds.finish();
    expect(await late).toBe('BRL#3');
    expect(builds.counts()).toEqual({ started: 3, most: 1 });
  });

  it('builds afresh when the bus reconnects (messages may have been missed) or `stale` says so', async () => {
    const builds = manualBuilds();
    const { bus, reconnect } = fakeBus();
    let expired = false;
    const memory = createCatalogMemory({
      build: builds.build,
      ms: 5_000,
      maxMs: 15_000,
      now: () => 0,
      stale: () => expired,
    });
    await memory.follow(bus, 'catalog_changed');
    const a = memory.get('BRL');
    await builds.finish();
    expect(await a).toBe('BRL#1');
    reconnect();
    const b = memory.get('BRL');
    await builds.finish();
    expect(await b).toBe('BRL#2');
    expired = true;
    const c = memory.get('BRL');
    await builds.finish();
    expect(await c).toBe('BRL#3');
  });
});

describe('the full price list over HTTP', async () => {
  const { app, database } = await createTestApp();
  const key = await createApiKey(app, await signUpAndSignIn(app));
  const url = `${HANDLER_API_PATH}?api_key=${key}&action=getPrices`;

  it('is sent compressed as the client accepts, the same bytes as the plain answer', async () => {
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const decoded = await promisify(brotliDecompress)(br.rawPayload);
    expect(decoded.toString()).toBe(plain.body);
  });

  it('changes at once when the catalogue does', async () => {
    const before = (await app.inject({ url })).json();
    expect(before['73'].wa.cost).toBe(5);
    await database.db.execute(sql`UPDATE products SET price_brl = 700 WHERE sku = 'WA-BR'`);
    // The message comes at the commit, a moment after it.
    await expect.poll(async () => (await app.inject({ url })).json()['73'].wa.cost).toBe(7);
  });
});
