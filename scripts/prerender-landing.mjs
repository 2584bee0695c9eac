// After `vite build`: renders the landing, the sign-in page and the dashboard's shell to HTML in
// Portuguese and in English and writes dist/<page>.pt.html and dist/<page>.en.html (the built index.html
// with the page inside #root and the language's title), which the API serves for `/`, `/login` and
// `/dashboard` by the reader's Accept-Language. The visitor sees the page before its JavaScript has run.
// Its only script is the small boot entry (src/landing-boot.ts), in place of the app's entry and its
// preloads: the app comes when the visitor goes further (at once for a browser with a session cookie),
// and hydrates the page (decision 0021).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { initialFiles, LANDING_ENTRY, readManifest } from './page-budgets.mjs';

const web = resolve(import.meta.dirname, '../apps/web');
const dist = resolve(web, process.argv[2] ?? 'dist');
const out = mkdtempSync(join(tmpdir(), 'numero-prerender-'));

/** index.html with the app's entry script and preloads swapped for the landing's entry and its imports. */
function withLandingScripts(index) {
  const manifest = readManifest(dist);
  const [boot, ...imports] = initialFiles(manifest, [LANDING_ENTRY]);
  const appScripts =
    /\s*<script type="module" crossorigin src="[^"]+"><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
  if (!index.match(appScripts)) throw new Error('index.html has no module script to replace');
  // Render-blocking (it is small and comes beside the stylesheet): the cookie banner it shows is then in
  // the page's first paint, not a frame later.
  const tags = [
    `<script type="module" crossorigin blocking="render" src="/${boot}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return index.replace(appScripts, '').replace('</title>', `</title>\n    ${tags.join('\n    ')}`);
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

try {
  await build({
    root: web,
    logLevel: 'warn',
    // One self-contained file: it runs from a temporary folder, away from node_modules.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  // The i18n module sets <html lang> when the language changes, and the session layer reads the API's
  // `data-session` mark (renderPage sets it per page); in Node there is no document.
  globalThis.document ??= { documentElement: { dataset: {} }, querySelector: () => null };
  const { renderPage, prerenderedPages } = await import(pathToFileURL(join(out, 'prerender.mjs')).href);
  const index = withLandingScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
  for (const [name, lang, htmlLang] of prerenderedPages.flatMap((name) => [
    [name, 'pt', 'pt-BR'],
    [name, 'en', 'en'],
  ])) {
    const { html, title, description } = await renderPage(name, lang);
    const page = index
      .replace(/<html lang="[^"]*"/, `<html lang="${htmlLang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    if (!page.includes(html)) throw new Error('index.html has no empty <div id="root"></div> to fill');
    writeFileSync(join(dist, `${name}.${lang}.html`), page);
  }
  console.log(`${prerenderedPages.join(', ')} pre-rendered in pt and en into ${dist}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
