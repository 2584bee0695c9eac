// The JavaScript a page downloads before it can run, gzipped, from Vite's manifest of a built web app:
// the page's entry and every chunk it imports statically, plus (for a lazy page) the page's chunk and its
// imports. The pre-rendered landing has its own entry, src/landing-boot.ts: scripts/prerender-landing.mjs
// puts exactly these files in its HTML, and the app follows only when the visitor goes further (0021).
// `node scripts/page-budgets.mjs [dist]` prints each page against its budget and exits 1 on a breach.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KiB = 1024;

/** The app renders once the reader's texts are loaded: a Portuguese reader's chunk counts on its pages. */
const TEXTS = 'src/i18n/texts-pt.ts';
/** The entry of every page the server sends as index.html. */
export const APP_ENTRY = 'index.html';
/** The entry of the pre-rendered landing. */
export const LANDING_ENTRY = 'src/landing-boot.ts';

/** Targets from the performance issue; CI holds every page to its target. */
export const PAGES = [
  { page: '/', chunks: [LANDING_ENTRY], target: 120 * KiB },
  { page: '/dashboard', chunks: [APP_ENTRY, TEXTS, 'src/app/routes/dashboard-page.tsx'], target: 200 * KiB },
];

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

/** The files a page loads before it renders: its entry and chunks and, transitively, their static imports. */
export function initialFiles(manifest, chunkKeys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of chunkKeys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export function gzippedSize(dist, files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
}

export function measurePages(dist) {
  const manifest = readManifest(dist);
  return PAGES.map((p) => {
    const files = initialFiles(manifest, p.chunks);
    const bytes = gzippedSize(dist, files);
    return {
      ...p,
      files,
      bytes,
      withinTarget: bytes <= p.target,
    };
  });
}

export const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? new URL('../apps/web/dist', import.meta.url).pathname;
  const pages = measurePages(dist);
  for (const p of pages) {
    const verdict = p.withinTarget ? 'pass' : 'FAIL';
    console.log(
      `${p.page.padEnd(12)} ${kib(p.bytes).padStart(10)} gzipped  target ${kib(p.target)}  ${verdict}  (${p.files.length} files)`,
    );
  }
  process.exit(pages.every((p) => p.withinTarget) ? 0 : 1);
}
