// npm start: build the web app when it is missing, then run the API (which also serves the app) under
// its supervisor, which restarts a crashed server process and runs one per core on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/supervisor.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
