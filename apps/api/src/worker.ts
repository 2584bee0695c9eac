import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';

/**
 * Runs the background tasks (SMS checks, expiries, crash recovery, stock sync, ...) without serving
 * HTTP, beside any number of API processes sharing one PostgreSQL: each task claims its rows with
 * FOR UPDATE SKIP LOCKED, so nothing is done twice.
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

const database = await openDatabase(config);
await migrate(database);
const app = await buildApp({ config, database });

const close = async (signal: string) => {
  app.log.info({ signal }, 'worker shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

// ready() starts the scheduler (an onReady hook) without opening a port.
await app.ready();
app.log.info('worker running background tasks');
