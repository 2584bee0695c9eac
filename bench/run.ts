/**
 * npm run bench: the built store (apps/api/dist) and a ceiling server (bench/ceiling.mjs) each run as their
 * own process on 127.0.0.1 and are driven from this one with autocannon, alternately, for a few rounds;
 * medians are reported beside their targets and written to docs/performance.md with the machine.
 * DATABASE_URL set: a fresh PostgreSQL database beside it (dropped at the end); unset: a PGlite folder.
 * Bounded: BENCH_DURATION_S seconds per endpoint (3), BENCH_ROUNDS rounds (3), BENCH_CONNECTIONS (10).
 * Then purchases by BENCH_BUYERS customers at once (1,000) against their ceiling and the ledger verified,
 * a sign-in flood (BENCH_FLOOD_CONNECTIONS, 50), one store process against two (PostgreSQL only) and
 * Lighthouse (BENCH_LIGHTHOUSE=0 skips it), and last the reseller protocol's full price list at the
 * market's size (bench/market.ts: 200,000 products). BENCH_ONLY=endpoints,flood,scaling,lighthouse,
 * purchases,market,import runs a part (a quick check; its report is partial); the API alone is built when no
 * part needs the web app.
 */
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { measureImport } from './catalog-import.ts';
import { type Check, checkTable } from './checks.ts';
import { lighthouseEnabled, measureLighthouse } from './lighthouse.ts';
import { FLOOD_CONNECTIONS, measureLoginFlood } from './login-flood.ts';
import { measureMarket, writeMarketReport } from './market.ts';
import {
  type BenchDatabase,
  createBenchDatabase,
  freePort,
  type Running,
  root,
  signUpCustomer,
  startCeiling,
  startStore,
  stopAll,
} from './processes.ts';
import { BUYERS, measurePurchases, type PurchaseResult } from './purchases.ts';
import { type Measured, printTable, type Row, writeReport } from './report.ts';
import { measureScaling } from './scaling.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const part = (name: string) => !ONLY || ONLY.includes(name);

export interface Endpoint {
  name: string;
  path: string;
  cookie: boolean;
  headers?: Record<string, string>;
  /** Store ÷ ceiling requests per second must reach this. */
  ratio?: number;
  /** Store ÷ another row's store figure must reach this (that row named by `of`). */
  relative?: { of: string; ratio: number };
  /** Sent with If-None-Match set to the tag of a first answer: a browser revalidating its copy (304). */
  revalidate?: boolean;
  /** p99 bound in ms, checked on PostgreSQL only (PGlite runs every query on one thread). */
  p99Ms?: number;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /health', path: '/health', cookie: false },
  {
    name: 'GET /health with the cookie',
    path: '/health',
    cookie: true,
    relative: { of: 'GET /health', ratio: 0.8 },
  },
  { name: 'GET / with the cookie', path: '/', cookie: true },
  { name: 'GET /api/v1/users/me', path: '/api/v1/users/me', cookie: true, ratio: 0.7, p99Ms: 10 },
  {
    name: 'GET /api/v1/wallets/BRL/balance',
    path: '/api/v1/wallets/BRL/balance',
    cookie: true,
    ratio: 0.7,
    p99Ms: 10,
  },
  {
    name: 'GET /api/v1/catalog/products?currency=BRL',
    path: '/api/v1/catalog/products?currency=BRL',
    cookie: false,
    ratio: 0.7,
    p99Ms: 10,
  },
  {
    name: 'the same, revalidated (If-None-Match → 304)',
    path: '/api/v1/catalog/products?currency=BRL',
    cookie: false,
    revalidate: true,
    ratio: 0.7,
  },
];

async function load(url: string, headers: Record<string, string>, expect304: boolean): Promise<Measured> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const unexpected = expect304 ? result.requests.total - result['3xx'] : result.non2xx;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: unexpected + result.errors,
  };
}

async function headersFor(server: Running, e: Endpoint, cookie: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = e.cookie ? { cookie } : {};
  if (e.revalidate) {
    const first = await fetch(server.url + e.path, { headers });
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    if (!etag) throw new Error(`${e.path} answered without an ETag`);
    headers['if-none-match'] = etag;
  }
  return headers;
}

async function measureOne(server: Running, e: Endpoint, cookie: string): Promise<Measured> {
  const headers = await headersFor(server, e, cookie);
  // A warm-up second at the same load first, so V8 has optimised the hot code (a few hundred requests
  // are not enough for that) and the connection pools are full: both servers are measured warm.
  await autocannon({ url: server.url + e.path, connections: CONNECTIONS, duration: 1, headers });
  return load(server.url + e.path, headers, e.revalidate === true);
}

async function measureAll(server: Running, cookie: string): Promise<Measured[]> {
  const out: Measured[] = [];
  for (const e of ENDPOINTS) out.push(await measureOne(server, e, cookie));
  return out;
}

/**
 * Both servers running at once (PostgreSQL): each endpoint on one, then at once on the other, the first
 * by turns from round to round, so a change in the machine's speed falls on the two figures of a pair
 * alike rather than on one side's whole round.
 */
async function measurePairs(store: Running, ceiling: Running, cookie: string, storeFirst: boolean) {
  const pairs = { store: [] as Measured[], ceiling: [] as Measured[] };
  for (const e of ENDPOINTS) {
    const order = storeFirst ? (['store', 'ceiling'] as const) : (['ceiling', 'store'] as const);
    for (const side of order)
      pairs[side].push(await measureOne(side === 'store' ? store : ceiling, e, cookie));
  }
  return pairs;
}

function ensureBuilt() {
  // The store is measured as `npm start` runs it: the built web app and the bundled API on plain node.
  const webNeeded = !ONLY || ONLY.some((p) => p !== 'market' && p !== 'import');
  for (const script of webNeeded ? ['build:web', 'build:api'] : ['build:api']) {
    const r = spawnSync('npm', ['run', script, '--silent'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`npm run ${script} failed`);
  }
}

interface EndpointRuns {
  store: Measured[][];
  ceiling: Measured[][];
  first: { wall: number; cpu: number };
  restarts: { wall: number; cpu: number }[];
}

/** The endpoints against their ceilings, alternated for ROUNDS rounds, and the store's start-up times. */
async function measureEndpoints(database: BenchDatabase, storePort: number, ceilingPort: number) {
  const runs: EndpointRuns = { store: [], ceiling: [], first: { wall: 0, cpu: 0 }, restarts: [] };
  let server = await startStore(database, storePort);
  runs.first = { wall: server.startMs, cpu: server.startCpuMs };
  const cookie = await signUpCustomer(server.url);
  // PGlite is one process's folder: the store and the ceiling take turns on it. PostgreSQL serves both.
  const ceilingServer = database.kind === 'postgres' ? await startCeiling(database, ceilingPort) : null;
  for (let round = 1; round <= ROUNDS; round++) {
    if (ceilingServer) {
      const pairs = await measurePairs(server, ceilingServer, cookie, round % 2 === 1);
      runs.store.push(pairs.store);
      runs.ceiling.push(pairs.ceiling);
    } else {
      if (round > 1) {
        server = await startStore(database, storePort);
        runs.restarts.push({ wall: server.startMs, cpu: server.startCpuMs });
      }
      runs.store.push(await measureAll(server, cookie));
      await server.stop();
      const c = await startCeiling(database, ceilingPort);
      runs.ceiling.push(await measureAll(c, cookie));
      await c.stop();
    }
    console.log(`round ${round}/${ROUNDS} done`);
  }
  await server.stop();
  await ceilingServer?.stop();
  // Start-up as `npm start` on a built tree meets it after the first run: schema and data in place.
  server = await startStore(database, storePort);
  runs.restarts.push({ wall: server.startMs, cpu: server.startCpuMs });
  await server.stop();
  return runs;
}

async function main() {
  ensureBuilt();
  const database: BenchDatabase = await createBenchDatabase();
  const storePort = await freePort();
  const ceilingPort = await freePort();
  const settings = { rounds: ROUNDS, durationS: DURATION_S, connections: CONNECTIONS };
  let runs: EndpointRuns = { store: [], ceiling: [], first: { wall: 0, cpu: 0 }, restarts: [] };
  const checks: Check[] = [];
  let pages: string[] = [];
  let purchase: PurchaseResult | null = null;
  let market: Check[] = [];
  let imported: Check[] = [];
  console.log(
    `Numero bench: ${database.kind}, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, ${ROUNDS} rounds\n`,
  );
  try {
    if (part('endpoints')) runs = await measureEndpoints(database, storePort, ceilingPort);
    // The schema and the demo catalogue, when the endpoints did not create them.
    else await (await startStore(database, storePort)).stop();
    if (part('flood')) checks.push(...(await measureLoginFlood(database, storePort, settings)));
    if (part('scaling') && database.kind === 'postgres')
      checks.push(...(await measureScaling(database, settings)));
    if (part('lighthouse') && lighthouseEnabled()) pages = await measureLighthouse(database);
    // Last: the store's poller then works on thousands of activations, which would weigh on the others.
    if (part('purchases'))
      purchase = await measurePurchases(database, { store: storePort, ceiling: ceilingPort }, settings);
    // After every other part: it leaves 200,000 products in the database.
    if (part('market')) market = await measureMarket(database, storePort);
    // On a database of its own: the import writes its 200,000 products from a seller's list.
    if (part('import')) {
      const own = await createBenchDatabase();
      try {
        imported = await measureImport(own, storePort);
      } finally {
        await own.drop();
      }
    }
  } finally {
    await stopAll();
    await database.drop();
  }
  const rows: Row[] = runs.store.length
    ? ENDPOINTS.map((e, i) => ({
        endpoint: e,
        store: runs.store.map((r) => r[i]!),
        ceiling: runs.ceiling.map((r) => r[i]!),
      }))
    : [];
  if (purchase) {
    rows.push(...purchase.rows);
    checks.unshift(purchase.queue);
    checks.unshift({
      name: 'the purchases answered',
      figure: purchase.answers,
      target: 'the store: all 201',
      pass: purchase.allCreated,
    });
    checks.unshift({
      name: '`npm run ledger:verify` after the purchases',
      figure: purchase.ledger.text,
      target: 'passes',
      pass: purchase.ledger.ok,
    });
  }
  const lines = printTable(database.kind, rows, { first: runs.first, restarts: runs.restarts });
  if (market.length || imported.length) writeMarketReport(database.kind, [...market, ...imported]);
  // The market parts alone: the main section keeps the figures of its last full run.
  if (ONLY?.every((p) => p === 'market' || p === 'import')) return;
  const more = [...checkTable('Under load', checks), ...pages];
  console.log(`${more.join('\n')}\n`);
  writeReport(database.kind, [...lines, ...more], {
    ...settings,
    duration: DURATION_S,
    buyers: BUYERS,
    flood: FLOOD_CONNECTIONS,
  });
}

await main();
