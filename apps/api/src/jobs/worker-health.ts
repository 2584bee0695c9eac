import { createServer, type Server } from 'node:http';
import type { SchedulerStatus } from './scheduler.ts';

/** What the worker's `/health` answers: starting (waiting for its database), running, or paused. */
export type WorkerHealth =
  | { status: 'starting'; database: 'down' | 'connecting' }
  | ({ status: 'running' | 'paused' } & SchedulerStatus);

export function workerHealth(
  scheduler: { status(): SchedulerStatus } | null,
  database: 'connecting' | 'down',
): WorkerHealth {
  if (!scheduler) return { status: 'starting', database };
  const status = scheduler.status();
  return { status: status.running ? 'running' : 'paused', ...status };
}

/**
 * The worker's only port: `GET /health` answers 200 while it runs its tasks and 503 while it cannot
 * (starting, or its database out of reach), with what it knows in the body. Being a listening server,
 * it also keeps the process alive through an outage, when no database connection is left to do so.
 */
export function serveWorkerHealth(port: number, host: string, health: () => WorkerHealth): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/health') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"NOT_FOUND"}');
      return;
    }
    const body = health();
    response
      .writeHead(body.status === 'running' ? 200 : 503, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      })
      .end(JSON.stringify(body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
