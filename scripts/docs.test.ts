import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The documentation's own rules (issue 36): a README a newcomer reads in minutes, reference pages rather
// than journals, no line a reader has to scroll sideways for, and file names that still exist.
const root = new URL('..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/**
 * The files named in a row of the "behaviour → files" table: API paths from apps/api/src, those after
 * "web " from apps/web/src, a bare name in the folder of the path before it. Routes, task and function
 * names (no .ts, .tsx or trailing slash) and globs are not files.
 */
function filesOfRow(row: string): string[] {
  const files: string[] = [];
  let folder = 'apps/api/src';
  for (const match of row.matchAll(/(web )?`([^`]+)`/g)) {
    const [, web, name] = match as unknown as [string, string | undefined, string];
    if (!/^[\w./-]+(\.tsx?|\/)$/.test(name) || name.startsWith('/')) continue;
    const path = name.includes('/') ? join(web ? 'apps/web/src' : 'apps/api/src', name) : join(folder, name);
    files.push(path);
    folder = name.endsWith('/') ? path : dirname(path);
  }
  return files;
}

describe('the documentation', () => {
  it('has no line over 400 characters in README.md or docs/', () => {
    const long = ['README.md', ...markdownFiles('docs')].flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (line.length > 400 ? [`${file}:${i + 1} (${line.length} characters)`] : [])),
    );
    expect(long).toEqual([]);
  });

  it('keeps README.md a front door: the two commands first, at most 10 KB', () => {
    const readme = read('README.md');
    expect(
      readme.startsWith('# Numero\n\n```sh\nnpm install && npm start\n```\n\n```sh\nnpm test\n```\n'),
    ).toBe(true);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
  });

  it('keeps docs/performance.md a reference of at most 250 lines', () => {
    expect(read('docs/performance.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('names only files that exist in the "behaviour → files" table of docs/architecture.md', () => {
    const page = read('docs/architecture.md');
    const table = page.slice(
      page.indexOf('## Where each behaviour lives'),
      page.indexOf('## One vocabulary'),
    );
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Behaviour'));
    expect(rows).toHaveLength(10);
    const missing = rows.flatMap(filesOfRow).filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
    expect(rows.flatMap(filesOfRow).length).toBeGreaterThan(40);
  });

  it('reads a row of that table as the files it names', () => {
    expect(
      filesOfRow(
        '| X | web `features/auth/login-page.tsx`, `two-factor-card.tsx`; `features/auth/auth.routes.ts` (`POST /api/v1/auth/login`) | `two-factor.ts`, `providers/payments/`, `br-code.ts`, `activations:expire` |',
      ),
    ).toEqual([
      'apps/web/src/features/auth/login-page.tsx',
      'apps/web/src/features/auth/two-factor-card.tsx',
      'apps/api/src/features/auth/auth.routes.ts',
      'apps/api/src/features/auth/two-factor.ts',
      'apps/api/src/providers/payments/',
      'apps/api/src/providers/payments/br-code.ts',
    ]);
  });
});
