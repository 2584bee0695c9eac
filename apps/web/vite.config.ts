import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** The module whose chunk, with every chunk it imports, runs as the app starts. */
const APP_START = 'src/app/start-app.tsx';
const HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks the app's start runs with V8's explicit compile hint (a first-line comment, Chromium
 * 136+; other engines ignore it), so their functions are compiled while the file streams in, off the main
 * thread, instead of one by one as the start first calls them. Measured on this project's pages: the
 * start's compiling on the main thread fell from about 67 ms to 5 ms.
 */
function compileHints(): Plugin {
  return {
    name: 'numero:compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const start = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith(APP_START)),
      );
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || chunk.code.startsWith(HINT)) return;
        chunk.code = `${HINT}\n${chunk.code}`;
        // The code moved down a line: so do its source map's lines, in the chunk and in the map file the
        // bundler has already emitted beside it (the one a browser's tools and stack traces read).
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        const mapFile = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
        if (mapFile?.type === 'asset') {
          const { source } = mapFile;
          const map = JSON.parse(typeof source === 'string' ? source : new TextDecoder().decode(source));
          mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
        }
        chunk.imports.forEach(visit);
      };
      if (start) visit(start.fileName);
    },
  };
}

/** Files the API sends as they are (not pages, which it writes per visitor, nor source maps). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script, stylesheet and image the build
 * emits, at the formats' highest levels: the API sends the copy the browser accepts, so the files are
 * compressed once, here, and never per request. The app's start chunk is about a quarter of its size as
 * Brotli.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'numero:precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const content = file.type === 'chunk' ? file.code : file.source;
          const path = join(dir, file.fileName);
          await writeFile(
            `${path}.br`,
            await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${path}.gz`, await gz(content, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), compileHints(), ...(isSsrBuild ? [] : [precompress()])],
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/ready': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets scripts/page-budgets.mjs weigh each page's initial JavaScript, and
    // scripts/prerender-landing.mjs give the pre-rendered landing its own small entry.
    manifest: true,
    // Each `<link rel="modulepreload">` a script adds costs the page's main thread about 1 ms in
    // Chromium, all in one task: starting the app added 22 of them (a 60 ms task on this machine's
    // unthrottled CPU) and each lazy page some more. The browser's module loader fetches a chunk's imports
    // itself, off the main thread, so only the HTML keeps its preload links.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rollupOptions: isSsrBuild
      ? undefined
      : { input: { index: 'index.html', 'landing-boot': 'src/landing-boot.ts' } },
  },
}));
