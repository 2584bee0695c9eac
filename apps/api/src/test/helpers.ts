import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '@numero/contract/account';
import type { Role } from '@numero/contract/common';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type App, type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ADMIN, createSeededTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A controllable clock: starts now, moves only when told. */
export function createClock(start = new Date()) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** The app on a fresh migrated and seeded database; closed after the file's tests. */
export async function createTestApp(
  overrides: Partial<AppDeps> & { env?: Record<string, string>; onQuery?: (sql: string) => void } = {},
) {
  const { onQuery, env, ...deps } = overrides;
  const database = await createSeededTestDatabase({ onQuery });
  // Background tasks stay off: tests run them explicitly through app.scheduler.runOnce().
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RUN_JOBS: 'false',
    // A busy test machine must not shed a test's requests; load-shedding.test.ts turns it on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // As in production: sessions are remembered on PGlite only (see config.ts).
    ...(process.env.DATABASE_URL ? { SESSION_MEMORY_MS: '0' } : {}),
    // With REDIS_URL set the rate limits live in that Redis, under a prefix of this file's own.
    ...(process.env.REDIS_URL
      ? {
          REDIS_URL: process.env.REDIS_URL,
          REDIS_KEY_PREFIX: `numero-test-${randomBytes(6).toString('hex')}:`,
        }
      : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, ...deps });
  testDatabases.set(app, database);
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config };
}

/** The database behind each app made by createTestApp, for helpers that set up what no route can. */
const testDatabases = new WeakMap<App, Database>();

/** A password that passes the policy (8–128 characters, not a common one). */
export const TEST_PASSWORD = 'uma-senha-de-teste-bem-longa';

export interface SignedIn {
  /** `name=value` of the session cookie, ready for `headers: { cookie }`. */
  cookie: string;
  user: CurrentUser;
}

/** The session cookie a response sets, as `name=value`; undefined when it sets none. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((k) => k.name === 'numero_session' || k.name === '__Host-numero_session');
  return c?.value ? `${c.name}=${c.value}` : undefined;
}

/** Signs in through POST /api/v1/auth/login; fails the test when the sign-in does not succeed. */
export async function signIn(app: App, email: string, password: string): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie, user: res.json().user };
}

/**
 * Registers a new user through the API (from an address of its own, so the registration limit never
 * gets in the way), gives it `role` directly in the database when asked, and signs it in.
 */
export async function signUpAndSignIn(
  app: App,
  opts: { role?: Role; email?: string; password?: string } = {},
): Promise<SignedIn> {
  const email = opts.email ?? `user-${randomBytes(5).toString('hex')}@numero.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const [a, b, c] = randomBytes(3);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: `10.${a}.${b}.${c}`,
    payload: { email, password, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  if (opts.role && opts.role !== 'CUSTOMER') {
    const database = testDatabases.get(app);
    if (!database) throw new Error('signUpAndSignIn with a role needs an app made by createTestApp');
    await database.db.update(users).set({ role: opts.role }).where(eq(users.id, res.json().user.id));
  }
  return signIn(app, email, password);
}

/** Signs in as the seeded admin (ADMIN). */
export function signInAsAdmin(app: App): Promise<SignedIn> {
  return signIn(app, ADMIN.email, ADMIN.password);
}

/** The simulator's settings for a test's store: every number gets its SMS exactly `ms` after it is assigned. */
export function smsAfter(ms: number) {
  return {
    SIMULATOR_MIN_DELAY_MS: String(ms),
    SIMULATOR_MAX_DELAY_MS: String(ms),
    SIMULATOR_NO_SMS_RATE: '0',
  };
}
