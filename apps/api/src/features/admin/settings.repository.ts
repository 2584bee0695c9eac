import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

/** Store settings share the settings table with job bookkeeping; theirs are the keys under this prefix. */
export const STORE_PREFIX = 'store.';

export interface SettingRow {
  key: string;
  value: unknown;
  updatedAt: Date;
  updatedByEmail: string | null;
}

export function createSettingsRepository(db: Db) {
  return {
    async readAll(ex: Executor = db): Promise<SettingRow[]> {
      const rows = await queryRows<{
        key: string;
        value: unknown;
        updated_at: string | Date;
        email: string | null;
      }>(
        ex,
        sql`SELECT s.key, s.value, s.updated_at, u.email
              FROM settings s LEFT JOIN users u ON u.id = s.updated_by
             WHERE s.key LIKE ${`${STORE_PREFIX}%`}`,
      );
      return rows.map((r) => ({
        key: r.key,
        value: r.value,
        updatedAt: new Date(r.updated_at),
        updatedByEmail: r.email,
      }));
    },

    /** The rows of these keys, locked until the transaction ends: two staff saving at once go in turn. */
    async lockKeys(keys: string[], ex: Executor) {
      if (keys.length === 0) return;
      await queryRows(
        ex,
        sql`SELECT key FROM settings WHERE key IN (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}) FOR UPDATE`,
      );
    },

    async write(key: string, value: unknown, by: string, at: Date, ex: Executor = db) {
      await ex
        .insert(settings)
        .values({ key, value, updatedAt: at, updatedBy: by })
        .onConflictDoUpdate({
          target: settings.key,
          set: {
            value: sql`excluded.value`,
            updatedAt: sql`excluded.updated_at`,
            updatedBy: sql`excluded.updated_by`,
          },
        });
    },

    async remove(key: string, ex: Executor = db) {
      await queryRows(ex, sql`DELETE FROM settings WHERE key = ${key}`);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
