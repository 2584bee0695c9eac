import { afterAll, describe, expect, it } from 'vitest';
import type { SchedulerStatus } from './scheduler.ts';
import { serveWorkerHealth, type WorkerHealth, workerHealth } from './worker-health.ts';

describe("the worker's /health", async () => {
  let current: WorkerHealth = workerHealth(null, 'connecting');
  const server = await serveWorkerHealth(0, '127.0.0.1', () => current);
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  afterAll(() => new Promise((r) => server.close(r)));
  const scheduler = (status: Partial<SchedulerStatus>) => ({
    status: () => ({ running: true, database: 'up' as const, downSince: null, tasks: [], ...status }),
  });

  it('answers 503 until the tasks run, 200 while they do, 503 while the database is away', async () => {
    let res = await fetch(`${url}/health`);
    expect([res.status, await res.json()]).toEqual([503, { status: 'starting', database: 'connecting' }]);

    current = workerHealth(scheduler({}), 'connecting');
    res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'running', database: 'up' });

    const downSince = new Date().toISOString();
    current = workerHealth(scheduler({ running: false, database: 'down', downSince }), 'connecting');
    res = await fetch(`${url}/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'paused', database: 'down', downSince });
  });

  it('serves nothing else', async () => {
    expect((await fetch(`${url}/api/v1/store`)).status).toBe(404);
    expect((await fetch(`${url}/health`, { method: 'POST' })).status).toBe(404);
  });
});
