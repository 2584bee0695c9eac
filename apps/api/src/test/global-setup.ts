import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPgliteTemplate, PGLITE_TEMPLATE_FILE } from './test-database.ts';

/**
 * Vitest's global set-up for the API projects, run in the main process before any worker starts: on
 * PGlite it makes the migrated and seeded template once for the whole run, in a file every worker loads
 * (the workers inherit the variable naming it). The API projects share the file; it goes when the run
 * ends. On PostgreSQL the workers already share one template database.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const file = process.env[PGLITE_TEMPLATE_FILE] ?? join(tmpdir(), `numero-test-template-${process.pid}.tar`);
  if (!existsSync(file)) {
    const tarball = Buffer.from(await (await buildPgliteTemplate()).arrayBuffer());
    // Written whole, then named: a reader never meets half a file.
    writeFileSync(`${file}.part`, tarball);
    renameSync(`${file}.part`, file);
    process.once('exit', () => rmSync(file, { force: true }));
  }
  process.env[PGLITE_TEMPLATE_FILE] = file;
}
