import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { users } from '../../db/schema/index.ts';
import {
  createClock,
  createTestApp,
  signIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { type CachedSession, createSessionCache, SESSION_CACHE_MS } from './session-cache.ts';

/**
 * Two API instances on one database, as two processes behind a load balancer: each remembers sessions
 * for a few seconds, and whatever changes in one (or in the database directly) applies to the very next
 * request in the other.
 */
describe('sessions remembered per process', async () => {
  // With each database's default: remembered on PGlite, read at every request on PostgreSQL.
  const { app: a, database, config } = await createTestApp();
  const b = await buildApp({ config, database, logger: false });
  afterAll(() => b.close());
  // A route that needs its caller but no database work of its own: only the session read is measured.
  for (const app of [a, b]) {
    app.get('/api/v1/test/caller', { config: { access: 'authenticated' } }, async (request) => request.user);
  }
  const caller = (app: typeof a, cookie: string) =>
    app.inject({ url: '/api/v1/test/caller', headers: { cookie } });
  const send = (app: typeof a, method: string, url: string, cookie: string, payload?: object) =>
    app.inject({ method: method as 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload });
  const bothRemember = async (cookie: string) => {
    expect((await caller(a, cookie)).statusCode).toBe(200);
    expect((await caller(b, cookie)).statusCode).toBe(200);
  };

  it('a logout in one process is a 401 at the next request in the other', async () => {
    const { cookie } = await signUpAndSignIn(a);
    await bothRemember(cookie);
    expect((await send(a, 'POST', '/api/v1/auth/logout', cookie)).statusCode).toBe(204);
    expect((await caller(b, cookie)).statusCode).toBe(401);
    expect((await caller(a, cookie)).statusCode).toBe(401);
  });

  it('a deactivation by staff in one process ends the user in the other', async () => {
    const admin = await signInAsAdmin(a);
    const target = await signUpAndSignIn(b);
    await bothRemember(target.cookie);
    const res = await send(a, 'PATCH', `/api/v1/users/${target.user.id}`, admin.cookie, {
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect((await caller(b, target.cookie)).statusCode).toBe(401);
  });

  it('a role or name changed by any writer, plain SQL included, shows at the next request', async () => {
    const { cookie, user } = await signUpAndSignIn(a);
    await bothRemember(cookie);
    await database.db
      .update(users)
      .set({ role: 'ADMIN', fullName: 'Nova Gerente' })
      .where(eq(users.id, user.id));
    for (const app of [a, b]) {
      expect((await caller(app, cookie)).json()).toMatchObject({ role: 'ADMIN', fullName: 'Nova Gerente' });
    }
  });

  it('a password change in one process signs the other devices out in the other', async () => {
    const here = await signUpAndSignIn(a);
    const there = await signIn(b, here.user.email, TEST_PASSWORD);
    await bothRemember(there.cookie);
    const res = await send(a, 'POST', '/api/v1/auth/password/change', here.cookie, {
      current_password: TEST_PASSWORD,
      new_password: 'outra-senha-bem-longa-2',
    });
    expect(res.statusCode).toBe(204);
    expect((await caller(b, there.cookie)).statusCode).toBe(401);
    expect((await caller(b, here.cookie)).statusCode).toBe(200);
  });
});

describe('what the memory saves', async () => {
  const clock = createClock();
  const { app, database } = await createTestApp({ now: clock.now, env: { SESSION_MEMORY_MS: '5000' } });
  app.get('/api/v1/test/caller', { config: { access: 'authenticated' } }, async (request) => request.user);
  const caller = (cookie: string) => app.inject({ url: '/api/v1/test/caller', headers: { cookie } });
  const pending = Symbol('pending');
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([p, new Promise<typeof pending>((r) => setTimeout(() => r(pending), ms))]);

  it.skipIf(database.kind !== 'pglite')(
    'answers a known session without the database for a few seconds, then reads it again',
    async () => {
      const { cookie } = await signUpAndSignIn(app);
      expect((await caller(cookie)).statusCode).toBe(200);
      // PGlite has one connection: while this transaction holds it, any query waits.
      let release = () => {};
      const held = database.db.transaction(() => new Promise<void>((r) => (release = r)));
      clock.advance(SESSION_CACHE_MS - 1);
      expect(((await within(caller(cookie), 2_000)) as { statusCode: number }).statusCode).toBe(200);
      clock.advance(1);
      const later = caller(cookie);
      expect(await within(later, 300)).toBe(pending);
      release();
      await held;
      expect((await later).statusCode).toBe(200);
    },
  );
});

describe('when the memory is not trusted', () => {
  const row = (userId: string): CachedSession => ({
    id: 's1',
    lastSeenAt: new Date(),
    expiresAt: new Date(),
    user: {
      id: userId,
      email: 'x@numero.test',
      role: 'USER',
      isActive: true,
      preferredLanguage: 'pt-BR',
      preferredCurrency: 'BRL',
      fullName: null,
      phoneNumber: null,
      createdAt: new Date(),
      mustChangePassword: false,
    },
  });
  /** A bus whose connection the test drops and restores, and whose messages it sends. */
  function fakeBus() {
    const state = { connected: true, epoch: 1 };
    let handler: (payload: string) => void = () => {};
    const bus: EventBus = {
      subscribe: async (_channel, h) => {
        handler = h;
        return async () => {};
      },
      listening: () => ({ ...state }),
      close: async () => {},
    };
    return { bus, state, send: (payload: string) => handler(payload) };
  }
  const counting = (userId: string) => {
    const load = async () => {
      load.calls += 1;
      return row(userId);
    };
    load.calls = 0;
    return load;
  };

  it('reads every time before it hears the messages, and while the connection is down', async () => {
    const cache = createSessionCache({ now: () => new Date() });
    const load = counting('u1');
    await cache.read('h', load);
    await cache.read('h', load);
    expect(load.calls).toBe(2);
    const { bus, state } = fakeBus();
    await cache.follow(bus);
    await cache.read('h', load);
    await cache.read('h', load);
    expect(load.calls).toBe(3);
    state.connected = false;
    await cache.read('h', load);
    expect(load.calls).toBe(4);
    // Reconnected: what was kept before may have missed a message sent in between.
    Object.assign(state, { connected: true, epoch: 2 });
    await cache.read('h', load);
    await cache.read('h', load);
    expect(load.calls).toBe(5);
  });

  it('does not keep a read during which a message arrived, and forgets the named user only', async () => {
    const cache = createSessionCache({ now: () => new Date() });
    const { bus, send } = fakeBus();
    await cache.follow(bus);
    const racing = async () => {
      send('someone');
      return row('u1');
    };
    await cache.read('h1', racing);
    const load = counting('u1');
    await cache.read('h1', load);
    await cache.read('h1', load);
    expect(load.calls).toBe(1);
    const other = counting('u2');
    await cache.read('h2', other);
    send('u1');
    await cache.read('h1', load);
    await cache.read('h2', other);
    expect([load.calls, other.calls]).toEqual([2, 1]);
  });
});
