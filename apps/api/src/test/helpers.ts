import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const ADMIN = { email: 'admin@numero.test', password: 'admin-password-for-tests' };

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const name = `numero_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

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
export async function createTestApp(overrides: Partial<AppDeps> & { env?: Record<string, string> } = {}) {
  const database = await createTestDatabase();
  await migrate(database);
  await seed(database, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides.env });
  const app = await buildApp({ config, database, logger: false, ...overrides });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config };
}
