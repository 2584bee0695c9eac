// npm run build:api: bundles the API into apps/api/dist/server.js, so production runs plain JavaScript on
// node without a transpiler at start-up. Dependencies stay in node_modules (PGlite loads its WebAssembly
// from beside its own files); only our sources and the contract (published as TypeScript) are bundled.
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = `${root}apps/api/dist`;
const pkg = (path) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'));
const external = [
  ...Object.keys(pkg('apps/api/package.json').dependencies ?? {}),
  ...Object.keys(pkg('package.json').devDependencies ?? {}),
].filter((name) => !name.startsWith('@numero/'));

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
  entryPoints: { server: `${root}apps/api/src/server.ts` },
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
    js: "import { join as __numeroJoin } from 'node:path';\nconst __numeroDir = (rel) => __numeroJoin(import.meta.dirname, rel);",
  },
});
console.log(`Built the API into apps/api/dist in ${Math.round(performance.now() - started)} ms`);
