import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { restartDelayMs, serverCount } from './supervisor.ts';
import { freePort, StoreProcess, storeEnv } from './test/processes.ts';
import { createSeededTestDatabase } from './test/test-database.ts';

describe('restart backoff and process count', () => {
  it('waits 1 s after a crash, doubling while crashes continue, never over 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('runs one process on the embedded database, one per core (or WEB_CONCURRENCY) on PostgreSQL', () => {
    expect(serverCount({}, 8)).toBe(1);
    expect(serverCount({ WEB_CONCURRENCY: '4' }, 8)).toBe(1);
    expect(serverCount({ DATABASE_URL: 'postgres://x/y' }, 8)).toBe(8);
    expect(serverCount({ DATABASE_URL: 'postgres://x/y', WEB_CONCURRENCY: '3' }, 8)).toBe(3);
    expect(serverCount({ DATABASE_URL: 'postgres://x/y', WEB_CONCURRENCY: 'lots' }, 2)).toBe(2);
  });
});

describe('the supervisor npm start runs', async () => {
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'numero-supervisor-')),
    DATABASE_URL: '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'supervisor-test-admin-password',
  };
  const supervisor = new StoreProcess('supervisor.ts', env, await freePort());
  afterAll(() => supervisor.stop('SIGKILL'));

  it('restarts a server process that crashed, and stops cleanly on SIGTERM', async () => {
    await supervisor.start();
    const first = /server process (\d+) started/.exec(supervisor.output)?.[1];
    expect(first).toBeDefined();

    process.kill(Number(first), 'SIGKILL');
    await supervisor.waitFor(`server process ${first} exited (SIGKILL); restarting in 1000 ms`);
    await supervisor.waitFor(/started[\s\S]*started/);
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = await fetch(`${supervisor.url}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(true);

    expect(await supervisor.stop('SIGTERM')).toBe(0);
  }, 120_000);

  it('gives up at once when a server cannot start at all', async () => {
    const broken = new StoreProcess('supervisor.ts', { ...env, ADMIN_PASSWORD: 'short' }, await freePort());
    await expect(broken.start()).rejects.toThrow(/failed to start/);
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('the supervisor npm run worker runs (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let supervisor: StoreProcess;
  afterAll(async () => {
    await supervisor?.stop('SIGKILL');
    await database?.close();
  });

  it('restarts a worker that died, which then runs its tasks again', async () => {
    database = await createSeededTestDatabase();
    const env = { ...storeEnv(database.url!, 'http://127.0.0.1:1'), LOG_LEVEL: 'info' };
    supervisor = new StoreProcess('supervisor.ts', env, await freePort(), ['worker']);
    await supervisor.start();
    const first = /worker process (\d+) started/.exec(supervisor.output)?.[1];
    expect(first).toBeDefined();

    process.kill(Number(first), 'SIGKILL');
    await supervisor.waitFor(`worker process ${first} exited (SIGKILL); restarting in 1000 ms`);
    const deadline = Date.now() + 60_000;
    let health: { status?: string } = {};
    while (health.status !== 'running' && Date.now() < deadline) {
      health = await fetch(`${supervisor.url}/health`).then(
        (r) => r.json() as Promise<{ status?: string }>,
        () => ({}),
      );
      if (health.status !== 'running') await new Promise((r) => setTimeout(r, 200));
    }
    expect(health.status).toBe('running');
    expect(await supervisor.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
