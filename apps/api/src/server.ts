import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const database = await openDatabase(config);
await migrate(database);
const seeded = await seed(database, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
const app = await buildApp({ config, database });

const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  Numero is running at ${config.publicUrl}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  `  Admin sign-in: ${seeded.adminEmail}`,
];
if (seeded.generatedPassword)
  lines.push(`  Admin password (shown once, save it now): ${seeded.generatedPassword}`);
else if (!config.adminPassword)
  lines.push('  Admin password: the one printed at the first start (or set ADMIN_PASSWORD)');
console.log(`${lines.join('\n')}\n`);
