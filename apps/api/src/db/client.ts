import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository method runs on the database or inside a transaction the service opened. */
export type Executor = Db | Tx;

/** Runs one or more statements; returns the rows of the last one. */
export type RawExec = (sql: string) => Promise<Record<string, unknown>[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs several statements in one transaction on one connection, after taking a transaction-scoped
   * advisory lock: two processes starting at once against one PostgreSQL do the work one after the other.
   */
  execLocked(lockName: string, work: (exec: RawExec) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite: starts from this tarball of a data folder (`dumpDataDir`), as tests start from a migrated one. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: connections per process, how long a query waits for one before the request is a 503, and
   * how long a connection may sit idle before it is closed (node-postgres's 10 s when not given).
   */
  pool?: { size: number; waitMs: number; idleMs?: number };
  /** Told every statement the application sends through `db` (tests count what a request costs). */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.pool ?? DEFAULT_POOL, opts.onQuery);
  return openPglite(opts);
}

const DEFAULT_POOL = { size: 10, waitMs: 5_000 };

const queryLogger = (onQuery?: (sql: string) => void) => (onQuery ? { logQuery: onQuery } : undefined);

/**
 * The values Drizzle reads as PostgreSQL's text (dates, times, intervals, numeric arrays): it maps them
 * itself. Drizzle hands these parsers to PGlite with every query, and PGlite then copies its whole table
 * of parsers, one per type it knows, for that query: over a millisecond of each purchase, in a profile
 * of the purchase bench. Given once to the client instead, and taken off each query (`sharedParsers`),
 * they parse the same values the same way.
 */
const AS_TEXT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type Query = (sql: string, params?: unknown[], options?: { parsers?: unknown }) => Promise<unknown>;
type Transaction = (work: (tx: object) => Promise<unknown>) => Promise<unknown>;

/** The client (or a transaction of it) as Drizzle sees it: queries without parsers of their own. */
function sharedParsers<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop === 'query') {
        const query = value as Query;
        return ((sql, params, options) =>
          query.call(target, sql, params, options && { ...options, parsers: undefined })) satisfies Query;
      }
      if (prop === 'transaction') {
        const transaction = value as Transaction;
        return ((work) => transaction.call(target, (tx) => work(sharedParsers(tx)))) satisfies Transaction;
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function openPglite({ dataDir, loadDataDir, onQuery }: DatabaseOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir });
  await client.waitReady;
  // Once started: PGlite then sets up a parser per array type, which would parse these arrays.
  for (const type of AS_TEXT) client.parsers[type] = asText;
  const db = drizzlePglite(sharedParsers(client), { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async execLocked(_lockName, work) {
      // One PGlite per process and per data folder: there is no second process to wait for.
      await client.transaction(async (tx) => {
        await work(async (sql) => (await tx.exec(sql)).at(-1)?.rows ?? []);
      });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  url: string,
  { size, waitMs, idleMs }: NonNullable<DatabaseOptions['pool']>,
  onQuery?: (sql: string) => void,
): Promise<Database> {
  // A burst beyond the pool queues for a connection; past `waitMs` the request answers 503 (db/sql.ts).
  // The connections a burst opened stay for `idleMs`, with the statements each has prepared: closing
  // them seconds later costs PostgreSQL a backend's exit, and the next burst new backends and plans.
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    connectionTimeoutMillis: waitMs,
    ...(idleMs === undefined ? {} : { idleTimeoutMillis: idleMs }),
  });
  // A connection that loses its server (a restart, a failover, pg_terminate_backend) must not crash the
  // process: an idle one is reported on the pool, one checked out for a query or a transaction on the
  // client itself. The query in flight fails (the request gets its error) and the pool opens a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async execLocked(lockName, work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockName]);
        await work(async (sql) => {
          const result: pg.QueryResult | pg.QueryResult[] = await client.query(sql);
          return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
        });
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
