/**
 * npm run bench: throughput and latency of the hot public endpoints over real HTTP on loopback, and the
 * weight of the built web app. Bounded in requests and time; it talks only to 127.0.0.1.
 * DATABASE_URL set: runs against that PostgreSQL (a fresh database); unset: PGlite in memory.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { createTestDatabase } from '../apps/api/src/test/helpers.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MAX_REQUESTS = 200_000;

async function load(url: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < deadline && latencies.length < MAX_REQUESTS) {
      const t0 = performance.now();
      const res = await fetch(url).catch(() => null);
      if (!res?.ok) errors++;
      await res?.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(2);
  return { rps: Math.round(latencies.length / seconds), p50: pct(0.5), p99: pct(0.99), errors };
}

function pageWeight() {
  const dir = join(import.meta.dirname, '../apps/web/dist/assets');
  try {
    const files = readdirSync(dir).filter((f) => /\.(js|css)$/.test(f));
    return files.map((f) => {
      const buf = readFileSync(join(dir, f));
      return {
        file: f,
        kB: (statSync(join(dir, f)).size / 1024).toFixed(1),
        gzipKB: (gzipSync(buf).length / 1024).toFixed(1),
      };
    });
  } catch {
    return [];
  }
}

const database = await createTestDatabase();
await migrate(database);
await seed(database, { adminEmail: 'bench@numero.test', adminPassword: 'bench-password-1234' });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RUN_JOBS: 'false' }),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(`Numero bench — ${database.kind}, ${CONNECTIONS} connections, ${DURATION_MS} ms per endpoint\n`);
const rows = [];
for (const path of ['/health', '/ready', '/api/v1/catalog/categories?currency=BRL']) {
  rows.push({ endpoint: path, ...(await load(`${address}${path}`)) });
}
console.table(rows);
const weights = pageWeight();
if (weights.length) {
  console.log('\nWeb app assets (run npm run build first for current figures):');
  console.table(weights);
}
await app.close();
await database.close();
