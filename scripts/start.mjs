// npm start: build the web app and the API when missing or older than their sources, then run the built
// API (plain JavaScript on node) under its supervisor; it also serves the web app.
// npm run worker (`start.mjs worker`): the same for the worker, which runs the background tasks apart.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

// The newest modification time under the given files and folders (node_modules and builds excluded).
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      latest = Math.max(latest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    }
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

function buildIfStale(what, output, sources, script) {
  const out = join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.log(`Building ${what}...`);
  const build = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const entry = process.argv[2] === 'worker' ? 'worker' : 'server';
if (entry === 'server')
  buildIfStale('the web app', 'apps/web/dist/index.html', ['apps/web', 'packages/contract/src'], 'build:web');
buildIfStale(
  'the API',
  'apps/api/dist/supervisor.js',
  ['apps/api/src', 'packages/contract/src'],
  'build:api',
);

// Source maps are written beside the bundle but not loaded: reading them costs start-up time. For stack
// traces that point into apps/api/src, start with NODE_OPTIONS=--enable-source-maps.
// The supervisor keeps the server processes up: it restarts a crashed one and runs one per core on
// PostgreSQL. It runs in this process, which saves starting one more node before the server's own.
const { supervise } = await import(join(root, 'apps/api/dist/supervisor.js'));
supervise(entry);
