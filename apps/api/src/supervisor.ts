import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { processLog } from './lib/process-log.ts';

/**
 * What `npm start` runs: it keeps the store's server processes up. With DATABASE_URL it runs one per
 * core (WEB_CONCURRENCY to choose), sharing the port through Node's cluster module; with the embedded
 * PGlite exactly one, since that database belongs to one process. A process that dies is restarted
 * after 1 s, doubling up to 30 s while it keeps dying; SIGTERM or SIGINT stops them all gracefully
 * (each finishes its requests and running tasks first). `npm run worker` runs the worker (one process,
 * serving only its /health) under the same rules.
 */
export type Entry = 'server' | 'worker';

const MAX_DELAY_MS = 30_000;
/** A process that served this long before dying starts the backoff over. */
const STABLE_AFTER_MS = 60_000;
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * V8's flags for each server process: a young generation of at most 16 MB per half. On a machine with
 * much memory V8 grows it to 64 MB per half in a process that allocates fast (the catalogue renewed every
 * few seconds at market size): 100 MB more resident per process, for fewer but no shorter pauses.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The wait before restarting after `crashes` crashes in a row. */
export function restartDelayMs(crashes: number): number {
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.max(0, crashes - 1));
}

/** How many server processes to run. */
export function serverCount(env: NodeJS.ProcessEnv, cores = availableParallelism()): number {
  if (!env.DATABASE_URL) return 1;
  const wanted = Number(env.WEB_CONCURRENCY ?? cores);
  return Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, 64) : cores;
}

/** As the server logs (config.ts `logFormat`): a readable line in development, JSON elsewhere. */
const write = processLog(
  process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'pretty'
    ? process.env.LOG_FORMAT
    : (process.env.NODE_ENV || 'development') === 'development'
      ? 'pretty'
      : 'json',
);
const log = (message: string) => write('info', `supervisor: ${message}`);

/**
 * Runs and keeps up the server (or worker) processes until SIGTERM or SIGINT; npm start and npm run worker
 * call it in their own process.
 */
export function supervise(entry: Entry = 'server') {
  // The entry beside this file: server.ts under tsx, server.js in the compiled bundle.
  cluster.setupPrimary({
    exec: fileURLToPath(new URL(`./${entry}${extname(import.meta.url)}`, import.meta.url)),
    execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
  });
  const startedAt = new Map<number, number>();
  let everListened = false;
  let crashes = 0;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    log(`${entry} process ${worker.process.pid} started`);
  };

  cluster.on('listening', () => {
    everListened = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A process that never served (a bad setting, say) will not serve after a restart either.
    if (!everListened) {
      log(`${entry} process ${worker.process.pid} failed to start (${signal ?? code}); stopping`);
      process.exit(code || 1);
    }
    crashes = lived >= STABLE_AFTER_MS ? 1 : crashes + 1;
    const delay = restartDelayMs(crashes);
    log(`${entry} process ${worker.process.pid} exited (${signal ?? code}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the ${entry} processes`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const count = entry === 'worker' ? 1 : serverCount(process.env);
  log(`running ${count} ${entry} process${count === 1 ? '' : 'es'}`);
  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary && import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  supervise(process.argv[2] === 'worker' ? 'worker' : 'server');
