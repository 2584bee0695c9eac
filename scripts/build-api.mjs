// npm run build:api: bundles the API into apps/api/dist/server.js, so production runs plain JavaScript on
// node without a transpiler at start-up. Dependencies are bundled too: loading one file is much faster
// than resolving and reading the thousand small modules of drizzle-orm, zod or redis one by one. Only
// packages that read their own files at run time stay in node_modules: PGlite (its WebAssembly and data),
// argon2 (a native addon), the API docs page (its static assets) and pg (an optional native binding).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = `${root}apps/api/dist`;
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pg',
  'pg-native',
];

// Our sources read files beside themselves (migrations, the common-passwords list, the web app's dist);
// once bundled, import.meta.dirname would be dist/, so each file gets its own folder, relative to the bundle.
const ownDirname = {
  name: 'own-dirname',
  setup(b) {
    b.onLoad({ filter: /apps\/api\/src\/.*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const rel = JSON.stringify(relative(outdir, dirname(args.path)));
      return {
        contents: source.replaceAll('import.meta.dirname', `__numeroDir(${rel})`),
        loader: 'ts',
      };
    });
  },
};

const started = performance.now();
await build({
  entryPoints: {
    main: `${root}apps/api/src/server.ts`,
    'worker-main': `${root}apps/api/src/worker.ts`,
    supervisor: `${root}apps/api/src/supervisor.ts`,
  },
  // The server and the worker share most of their code: one copy of it, in chunks both import.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [ownDirname],
  banner: {
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    js: [
      "import { createRequire as __numeroRequire } from 'node:module';",
      "import { join as __numeroJoin } from 'node:path';",
      'const require = __numeroRequire(import.meta.url);',
      'const __numeroDir = (rel) => __numeroJoin(import.meta.dirname, rel);',
    ].join('\n'),
  },
});
// The entry: it turns on Node's compile cache before the bundle is read, so V8's compiled code for its
// 7 MB is kept on disk (in the system's temporary folder, keyed by the file's content and Node's version)
// and later starts skip most of the compiling. A new build is compiled afresh once.
for (const [entry, main] of [
  ['server', 'main'],
  ['worker', 'worker-main'],
]) {
  writeFileSync(
    `${outdir}/${entry}.js`,
    [
      "import { enableCompileCache } from 'node:module';",
      '',
      'enableCompileCache();',
      `await import('./${main}.js');`,
      '',
    ].join('\n'),
  );
}
console.log(`Built the API into apps/api/dist in ${Math.round(performance.now() - started)} ms`);
