import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isDatabaseUnavailable } from './db/sql.ts';
import { serveWorkerHealth, workerHealth } from './jobs/worker-health.ts';
import { processLog } from './lib/process-log.ts';

/**
 * Runs the background tasks (SMS checks, expiries, crash recovery, stock sync, ...) without serving the
 * API, beside any number of API processes sharing one PostgreSQL: each task claims its rows with
 * FOR UPDATE SKIP LOCKED, so nothing is done twice. `npm run worker` runs it under the supervisor that
 * `npm start` uses, which restarts it if it ever exits; it answers `/health` on WORKER_PORT.
 *
 * It rides out its database: at start it waits for it, and while running the scheduler pauses the
 * tasks during an outage and resumes them when the database answers (jobs/scheduler.ts).
 */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, RUN_JOBS: 'true' });
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// The embedded PGlite belongs to one process: a second one on the same data folder would corrupt it.
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: with the embedded database, npm start runs the tasks itself.',
  );
  process.exit(1);
}

const log = processLog(config.logFormat);

let app: Awaited<ReturnType<typeof buildApp>> | null = null;
let database: 'connecting' | 'down' = 'connecting';
const health = await serveWorkerHealth(config.workerPort, config.host, () =>
  workerHealth(app?.scheduler ?? null, database),
);

const db = await openDatabase(config);
// A database that is not up yet (both starting at once, or an outage) is waited for, and said once.
const since = Date.now();
for (let delay = 500; ; delay = Math.min(delay * 2, 5_000)) {
  try {
    await migrate(db);
    break;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    if (database === 'connecting') log('warn', 'worker: database out of reach at start; waiting for it');
    database = 'down';
    await new Promise((r) => setTimeout(r, delay));
  }
}
if (database === 'down') log('info', 'worker: database answers', { waitedMs: Date.now() - since });
app = await buildApp({ config, database: db });

const close = async (signal: string) => {
  app?.log.info({ signal }, 'worker shutting down');
  health.close();
  await app?.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

// ready() starts the scheduler (an onReady hook) without opening the API's port.
await app.ready();
app.log.info('worker running background tasks');
