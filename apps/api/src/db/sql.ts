import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Runs a raw statement on either driver and returns its rows (PGlite and node-postgres both expose `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` as a named statement: on PostgreSQL each connection parses and plans it once and then only
 * binds the values (PGlite ignores the name). For the hot paths' hand-written statements, inside a
 * transaction too, which Drizzle's own `prepare()` offers only for its query builder. The text behind a
 * name must never change: build `query` from a fixed template, values as parameters only.
 */
export async function namedRows<T extends Record<string, unknown>>(
  ex: Executor,
  name: string,
  query: SQL,
): Promise<T[]> {
  const prepared = ex._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
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
