import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENTRY, initialFiles, kib, LANDING_ENTRY, measurePages, readManifest } from './page-budgets.mjs';

// A fresh production build of the web app, weighed the way a first visit downloads it: the one npm test
// has just made (it names it in PAGE_BUDGETS_DIST), or one of this file's own.
const root = new URL('..', import.meta.url).pathname;
const built = process.env.PAGE_BUDGETS_DIST;
const dist = built ?? mkdtempSync(join(tmpdir(), 'numero-budgets-'));
afterAll(() => {
  if (!built) rmSync(dist, { recursive: true, force: true });
});
beforeAll(() => {
  if (built) return;
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

/** The chunks the app's start imports (the hinted ones), its entry file aside. */
const startChunks = (manifest: ReturnType<typeof readManifest>) =>
  initialFiles(manifest, [APP_ENTRY]).filter((file) => file !== manifest[APP_ENTRY].file);

describe('page budgets (initial JavaScript, gzipped)', () => {
  it('keeps the landing within 120 KiB and the signed-in dashboard within 200 KiB', () => {
    const pages = measurePages(dist);
    const report = pages.map((p) => `${p.page} ${kib(p.bytes)} (target ${kib(p.target)})`).join(', ');
    console.log(`Page weights: ${report}`);
    expect(
      pages.filter((p) => !p.withinTarget).map((p) => p.page),
      report,
    ).toEqual([]);
  });

  it('gives the pre-rendered landing a first script without React, the router or the texts', () => {
    const manifest = readManifest(dist);
    const landing = initialFiles(manifest, [LANDING_ENTRY]);
    const app = initialFiles(manifest, [APP_ENTRY, 'src/i18n/texts-pt.ts']);
    // What the landing fetches later: the app's own chunks, which every other page loads at once.
    const later = app.filter((file) => !landing.includes(file));
    expect(later.some((file) => /\/react(-dom)?-[^/]*\.js$/.test(file))).toBe(true);
    expect(later.some((file) => /\/i18n-[^/]*\.js$/.test(file))).toBe(true);
    expect(later.some((file) => /\/texts-pt-[^/]*\.js$/.test(file))).toBe(true);
    expect(manifest[LANDING_ENTRY].dynamicImports).toHaveLength(1);
  });

  it('loads staff, orders and payment screens only when they are opened', () => {
    const manifest = readManifest(dist);
    const dashboard = initialFiles(manifest, [APP_ENTRY, 'src/app/routes/dashboard-page.tsx']);
    const lazy = Object.keys(manifest).filter((key) =>
      /features\/(admin|wallet\/balance|catalog\/admin|activations\/admin)/.test(key),
    );
    expect(lazy.length).toBeGreaterThan(0);
    for (const key of lazy) expect(dashboard).not.toContain(manifest[key].file);
  });

  it('asks Chromium to compile what the app runs at start as it arrives, and nothing opened later', () => {
    const manifest = readManifest(dist);
    const hinted = (file: string) =>
      readFileSync(join(dist, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    const start = startChunks(manifest);
    expect(start.length).toBeGreaterThan(5);
    expect(start.filter((file) => !hinted(file))).toEqual([]);
    const later = ['src/features/admin/admin-page.tsx', 'src/app/routes/dashboard-page.tsx'];
    expect(later.filter((key) => hinted(manifest[key].file))).toEqual([]);
  });

  it("keeps a hinted script's source map on its own lines: nothing on the hint's, the code's from the next", () => {
    const manifest = readManifest(dist);
    // The bundler's own small runtime has no source to map back to.
    const start = startChunks(manifest).filter((file) => existsSync(join(dist, `${file}.map`)));
    expect(start.length).toBeGreaterThan(5);
    for (const file of start) {
      const lines = readFileSync(join(dist, file), 'utf8').split('\n');
      const mapped = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')).mappings.split(';');
      expect(mapped[0], file).toBe('');
      expect(mapped[1], file).not.toBe('');
      expect(mapped.length, file).toBeLessThanOrEqual(lines.length);
    }
  });

  it('writes a Brotli and a gzip copy of every script and stylesheet, each the same file once unpacked', () => {
    const manifest = readManifest(dist);
    const files = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))];
    expect(
      files.filter((f) => !existsSync(join(dist, `${f}.br`)) || !existsSync(join(dist, `${f}.gz`))),
    ).toEqual([]);
    for (const file of files) {
      const original = readFileSync(join(dist, file));
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`)))).toEqual(original);
    }
    const weight = (suffix: string) =>
      files.reduce((sum, file) => sum + readFileSync(join(dist, file + suffix)).length, 0);
    expect(weight('.br')).toBeLessThan(weight('') / 3);
  });

  it('counts a static import of a chunk into the page that needs it', () => {
    const manifest = {
      'index.html': { file: 'a.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['page.tsx'] },
      '_shared.js': { file: 'shared.js' },
      'page.tsx': { file: 'page.js', imports: ['_shared.js', '_only-page.js'] },
      '_only-page.js': { file: 'only-page.js' },
    };
    expect(initialFiles(manifest, ['index.html']).sort()).toEqual(['a.js', 'shared.js']);
    expect(initialFiles(manifest, ['index.html', 'page.tsx']).sort()).toEqual([
      'a.js',
      'only-page.js',
      'page.js',
      'shared.js',
    ]);
  });
});
