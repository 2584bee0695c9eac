import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { demoCatalogueSql, seed } from '../db/seed.ts';

export const ADMIN = { email: 'admin@numero.test', password: 'admin-password-for-tests' };

type TestDatabase = Database & { url?: string };
type Options = Pick<DatabaseOptions, 'onQuery'>;

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new
 * database created on that PostgreSQL server and dropped afterwards.
 */
export function createTestDatabase(opts: Options = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createPostgresDatabase(serverUrl, opts) : openDatabase(opts);
}

/**
 * A fresh database for one test file with every migration applied and the demo catalogue and ADMIN
 * seeded: a copy of a template made once (per worker on PGlite, per migration set on PostgreSQL), which
 * costs a fraction of starting an empty PGlite and migrating it.
 */
export async function createSeededTestDatabase(opts: Options = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl
    ? createPostgresDatabase(serverUrl, opts, await postgresTemplate(serverUrl))
    : openDatabase({ ...opts, loadDataDir: await pgliteTemplate() });
}

async function migrateAndSeed(database: Database) {
  await migrate(database);
  await seed(database, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
}

/**
 * Where this run's global set-up (test/global-setup.ts) wrote the template's tarball: every worker of the
 * run loads it, where each would otherwise migrate and seed one of its own (about 10 s, three at once).
 */
export const PGLITE_TEMPLATE_FILE = 'NUMERO_TEST_PGLITE_TEMPLATE';

let pgliteData: Promise<Blob> | undefined;

/** The migrated and seeded data folder as a tarball: the run's, or made once by this process. */
function pgliteTemplate(): Promise<Blob> {
  const file = process.env[PGLITE_TEMPLATE_FILE];
  pgliteData ??=
    file && existsSync(file) ? readFile(file).then((bytes) => new Blob([bytes])) : buildPgliteTemplate();
  return pgliteData;
}

/** Migrates and seeds a PGlite data folder and returns it as a tarball. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const dir = mkdtempSync(join(tmpdir(), 'numero-test-template-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    await migrateAndSeed(database);
    await database.close();
    const client = new PGlite(dir);
    await client.waitReady;
    const tarball = await client.dumpDataDir('none');
    await client.close();
    return tarball;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The name of the PostgreSQL template database for this tree's migrations and seed, created once by
 * whichever worker comes first (the others wait on an advisory lock); templates of other trees are dropped.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const digest = createHash('sha256')
    .update(JSON.stringify([listMigrations(), demoCatalogueSql(), ADMIN]))
    .digest('hex')
    .slice(0, 16);
  const name = `numero_test_template_${digest}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('numero:test-template'))`);
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'numero\\_test\\_template\\_%'`,
    );
    for (const { datname } of rows)
      if (datname !== name) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    if (!rows.some((r) => r.datname === name)) {
      // Built under another name and renamed when complete: a worker killed half-way leaves no template.
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, building) });
      await migrateAndSeed(database);
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('numero:test-template'))`).catch(() => {});
    await admin.end();
  }
  return name;
}

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function createPostgresDatabase(serverUrl: string, opts: Options, template?: string) {
  const name = `numero_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ ...opts, databaseUrl: url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
