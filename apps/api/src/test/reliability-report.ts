import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What a reliability test ran, for `npm run test:reliability` to put in docs/reliability.md. Written only
 * when RELIABILITY_REPORT_DIR is set (the script sets it); a plain test run leaves no files behind.
 */
export async function recordReliability(name: string, figures: Record<string, unknown>): Promise<void> {
  const dir = process.env.RELIABILITY_REPORT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const driver = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  await writeFile(join(dir, `${name}.${driver}.json`), JSON.stringify({ name, driver, ...figures }, null, 2));
}
