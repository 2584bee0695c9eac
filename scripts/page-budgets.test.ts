import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialFiles, kib, measurePages, readManifest } from './page-budgets.mjs';

// A fresh production build of the web app, weighed the way a first visit downloads it.
const root = new URL('..', import.meta.url).pathname;
const dist = mkdtempSync(join(tmpdir(), 'numero-budgets-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
beforeAll(() => {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: join(root, 'apps/web'),
      encoding: 'utf8',
      // Vitest sets NODE_ENV=test, which would make Vite bundle React's development builds.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
}, 180_000);

describe('page budgets (initial JavaScript, gzipped)', () => {
  it('keeps the signed-in dashboard within 200 KiB and the landing from growing', () => {
    const pages = measurePages(dist);
    const report = pages.map((p) => `${p.page} ${kib(p.bytes)} (target ${kib(p.target)})`).join(', ');
    console.log(`Page weights: ${report}`);
    expect(
      pages.filter((p) => !p.withinCeiling).map((p) => p.page),
      report,
    ).toEqual([]);
  });

  it('loads staff, orders and payment screens only when they are opened', () => {
    const manifest = readManifest(dist);
    const dashboard = initialFiles(manifest, ['src/app/routes/dashboard-page.tsx']);
    const lazy = Object.keys(manifest).filter((key) =>
      /features\/(admin|wallet\/balance|catalog\/admin|activations\/admin)/.test(key),
    );
    expect(lazy.length).toBeGreaterThan(0);
    for (const key of lazy) expect(dashboard).not.toContain(manifest[key].file);
  });

  it('counts a static import of a chunk into the page that needs it', () => {
    const manifest = {
      'index.html': { file: 'a.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['page.tsx'] },
      '_shared.js': { file: 'shared.js' },
      'page.tsx': { file: 'page.js', imports: ['_shared.js', '_only-page.js'] },
      '_only-page.js': { file: 'only-page.js' },
    };
    expect(initialFiles(manifest, []).sort()).toEqual(['a.js', 'shared.js']);
    expect(initialFiles(manifest, ['page.tsx']).sort()).toEqual([
      'a.js',
      'only-page.js',
      'page.js',
      'shared.js',
    ]);
  });
});
