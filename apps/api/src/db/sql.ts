import type { SQL, SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Runs a raw statement on either driver and returns its rows (PGlite and node-postgres both expose `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * A named statement for a hot path, built once: on PostgreSQL each connection parses and plans it once and
 * then only binds the values (PGlite ignores the name), and no call builds its text again. Runs on the
 * database or inside a transaction, which Drizzle's own `prepare()` offers only on the executor it was
 * built on. `query` is hand-written SQL or a query builder, its values `sql.placeholder(name)`, given at
 * each run: the text behind the name cannot change. Rows come back as the driver returns them (column
 * names, no mapping). `_.session.prepareQuery` is Drizzle's own, not public: drizzle-orm is pinned to one
 * version in apps/api/package.json, and db/client.test.ts runs this on both drivers, in and out of a
 * transaction, so an upgrade that changes it fails there first.
 */
export function namedStatement<T extends Record<string, unknown>>(name: string, query: SQLWrapper) {
  const built = dialect.sqlToQuery(query.getSQL());
  return async (ex: Executor, values: Record<string, unknown>): Promise<T[]> => {
    const prepared = ex._.session.prepareQuery(built, undefined, name, false);
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}

/** PostgreSQL's error code when a CHECK constraint fails (a wallet would go below zero, say). */
export function isCheckViolation(err: unknown): boolean {
  return pgCode(err) === '23514';
}

export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

/**
 * The database briefly out of reach, worth a retry and not a bug: a connection that dropped or was
 * refused (a failover, a restart, an operator's pg_terminate_backend), recognised by SQLSTATE class 08
 * or 57P01-57P03 or by the driver's own words when the socket closed before PostgreSQL could say
 * anything; or no pooled connection free within DATABASE_POOL_WAIT_MS (a burst beyond the pool).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^(08...|57P0[123]|ECONNRESET|ECONNREFUSED|EPIPE)$/.test(code))
      return true;
    if (
      typeof message === 'string' &&
      /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function pgCode(err: unknown): string | undefined {
  // Drizzle wraps driver errors; the driver's error (with its SQLSTATE) is the cause.
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `%text%` for (I)LIKE, with the pattern characters the user typed (`%`, `_`, `\\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
