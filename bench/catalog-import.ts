// The catalogue import at the size of the whole market: a handler_api.php seller on loopback
// (bench/loopback-seller.ts) lists 1,000 services in every country the protocol numbers (199), about
// 200,000 offers; the built store imports them (first import), then six times more, each time with 1 %
// of the costs changed (re-syncs). `BENCH_ONLY=import` runs this alone; its rows join the market's
// section of docs/performance.md.
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { API_KEY } from '../apps/api/src/providers/numbers/sms-activate.fixture.ts';
import { type Check, fmt } from './checks.ts';
import { createSyncBuyers, measurePurchasesDuringSync } from './market-purchases.ts';
import {
  BENCH_ADMIN,
  type BenchDatabase,
  freePort,
  HOST,
  type Running,
  signIn,
  startStore,
} from './processes.ts';

export const IMPORT_TARGETS = { firstMs: 60_000, resyncMs: 5_000 };
/** Re-syncs in a row, each finding 1 % of the costs changed: purchases are measured across them all. */
const RESYNCS = 6;

interface Seller {
  url: string;
  /** The next price list: 1 % of the costs moved from the last. */
  bump(): Promise<void>;
  stop(): void;
}

/** The seller of bench/loopback-seller.ts, in its own process. */
async function startSeller(): Promise<Seller> {
  const child = fork(fileURLToPath(new URL('./loopback-seller.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`The loopback seller exited (${code})`)));
  });
  return {
    url,
    bump: () =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send('bump');
      }),
    stop: () => child.disconnect(),
  };
}

/**
 * The slowest answer to `GET /health`, asked every 50 ms of the process that imports while `work` runs
 * (on PGlite the store's one process: an import staff start there runs beside every request).
 */
async function measureAnswering(storeUrl: string, work: () => Promise<void>): Promise<Check> {
  const ms: number[] = [];
  let working = true;
  const done = work().finally(() => {
    working = false;
  });
  while (working) {
    const started = performance.now();
    await (await fetch(`${storeUrl}/health`)).arrayBuffer();
    ms.push(performance.now() - started);
    await sleep(50);
  }
  await done;
  return {
    name: `\`GET /health\` every 50 ms of the process importing, ${fmt(ms.length)} answers during the re-syncs`,
    figure: `slowest ${fmt(Math.max(...ms))} ms, median ${fmt(ms.toSorted((a, b) => a - b)[ms.length >> 1]!)} ms`,
    target: '—',
    pass: null,
  };
}

async function runImport(storeUrl: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(`${storeUrl}/api/v1/admin/catalog/import`, {
    method: 'POST',
    headers: { origin: storeUrl, cookie },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`Import answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

export async function measureImport(database: BenchDatabase, port: number): Promise<Check[]> {
  const seller = await startSeller();
  // The hourly task off: the bench asks for each import itself.
  const env = {
    RUN_JOBS: 'false',
    NUMBER_PROVIDERS: 'sms-activate',
    SMS_ACTIVATE_BASE_URL: seller.url,
    SMS_ACTIVATE_API_KEY: API_KEY,
    CATALOG_IMPORT_NEW: 'sell',
    UPSTREAM_TIMEOUT_MS: '60000',
  };
  const store = await startStore(database, port, env);
  let worker: Running | null = null;
  try {
    const storeUrl = `http://${HOST}:${port}`;
    const cookie = await signIn(storeUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
    // On PostgreSQL, customers buy during the re-sync (PGlite's folder is the store's alone: none written).
    const buyers = database.kind === 'postgres' ? await createSyncBuyers(database) : null;
    const first = await runImport(storeUrl, cookie);
    console.log(`import: first ${fmt(first.ms)} ms ${JSON.stringify(first.body)}`);
    const resyncs: { ms: number; body: Record<string, unknown> }[] = [];
    const resyncOnce = async (url: string, asWho: string) => {
      await seller.bump();
      resyncs.push(await runImport(url, asWho));
    };
    const resyncAll = async (url: string, asWho: string) => {
      for (let i = 0; i < RESYNCS; i++) await resyncOnce(url, asWho);
    };
    let duringResyncs: Check;
    if (buyers) {
      // On PostgreSQL the hourly import runs in the worker (`npm run worker`), not in the processes that
      // serve customers: here a second store process stands for it.
      worker = await startStore(database, await freePort(), env);
      const workerCookie = await signIn(worker.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const once = () => resyncOnce(worker!.url, workerCookie);
      duringResyncs = await measurePurchasesDuringSync(storeUrl, await buyers.thenBuy(), once, RESYNCS);
    } else duringResyncs = await measureAnswering(storeUrl, () => resyncAll(storeUrl, cookie));
    for (const r of resyncs) console.log(`import: re-sync ${fmt(r.ms)} ms ${JSON.stringify(r.body)}`);
    const resync = resyncs.toSorted((a, b) => a.ms - b.ms)[Math.floor(RESYNCS / 2)]!;
    const offers = (first.body.providers as { offers: number }[])[0]?.offers ?? 0;
    return [
      {
        name: `first import of ${fmt(offers)} offers (${fmt(Number(first.body.new_products))} new products)`,
        figure: `${fmt(first.ms / 1000)} s`,
        target: `≤ ${IMPORT_TARGETS.firstMs / 1000} s`,
        pass: first.ms <= IMPORT_TARGETS.firstMs,
      },
      {
        name: `re-sync with 1 % of costs changed (${fmt(Number(resync.body.costs_changed))} cost rows written), median of ${RESYNCS}`,
        figure: `${(resync.ms / 1000).toFixed(1)} s (${resyncs.map((r) => (r.ms / 1000).toFixed(1)).join(', ')})`,
        target: `≤ ${IMPORT_TARGETS.resyncMs / 1000} s`,
        pass: resync.ms <= IMPORT_TARGETS.resyncMs,
      },
      duringResyncs,
    ];
  } finally {
    await worker?.stop();
    await store.stop();
    seller.stop();
  }
}
