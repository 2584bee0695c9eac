import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './client.ts';

const migrationsDir = join(import.meta.dirname, 'migrations');

export function listMigrations(): { name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(migrationsDir, name), 'utf8') }));
}

/** Applies the committed SQL migrations not applied yet; returns their names. */
export async function migrate(database: Database): Promise<string[]> {
  const applied: string[] = [];
  await database.execLocked('numero:migrate', async (exec) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await exec('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
    for (const m of listMigrations()) {
      if (done.has(m.name)) continue;
      await exec(m.sql);
      await exec(`INSERT INTO schema_migrations (name) VALUES ('${m.name.replace(/'/g, "''")}')`);
      applied.push(m.name);
    }
  });
  return applied;
}
