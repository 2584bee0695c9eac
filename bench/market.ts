// The reseller protocol's catalogue at the size of the whole market: 1,000 services × 200 countries
// (200,000 products) written into a fresh database with a few set-based inserts, then the full
// `getPrices` (no filter) asked of the built store as a bot asks it, its latency, its size as sent and
// the store's resident memory afterwards. `BENCH_ONLY=market` runs this alone.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { smsActivateCountryId } from '../apps/api/src/providers/numbers/sms-activate.ts';
import { type Check, checkTable, fmt, median } from './checks.ts';
import { measureShop } from './market-shop.ts';
import { type BenchDatabase, HOST, type Running, signUpCustomer, startStore } from './processes.ts';
import { loadNote, machine, writeSection } from './report.ts';

export const MARKET = { services: 1_000, countries: 200 };
/**
 * Seconds of calls one after another once the first has answered (BENCH_MARKET_SECONDS): long enough to
 * span several renewals of the store's memory of the answer, whose cost falls on the calls meanwhile.
 */
const SECONDS = Number(process.env.BENCH_MARKET_SECONDS ?? 20);
/** A full getPrices from memory must answer within this (p50 and p99 of the calls). */
export const MARKET_TARGET_MS = 300;
/** Each API process's resident memory with the whole market in its memories. */
export const RSS_TARGET_MIB = 300;

/** Every ISO pair the protocol has a number for first (they are the ones getPrices lists), then others. */
function countryCodes(count: number): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const all = [...letters].flatMap((a) => [...letters].map((b) => a + b));
  const mapped = all.filter((c) => smsActivateCountryId(c) !== undefined);
  return [...mapped, ...all.filter((c) => smsActivateCountryId(c) === undefined)].slice(0, count);
}

/**
 * Services m0001…, countries up to MARKET.countries, and a product for every pair not sold yet: the
 * demo's own rows stay, so the totals are exactly 1,000 × 200. Prices and stock vary by row.
 */
function fillStatements(): string[] {
  const codes = countryCodes(MARKET.countries + 60)
    .map((c) => `('${c}')`)
    .join(',');
  return [
    `INSERT INTO services (code, name, category_id, popularity)
       SELECT 'm' || lpad(i::text, 4, '0'), 'Market service ' || i, (SELECT min(id) FROM categories), i % 100
       FROM generate_series(1, ${MARKET.services} - (SELECT count(*) FROM services)) AS i`,
    `INSERT INTO countries (code, name_pt, name_en, dial_code)
       SELECT v.code, 'País ' || v.code, 'Country ' || v.code, '+' || (100 + n)::text
       FROM (SELECT code, row_number() OVER () AS n FROM (VALUES ${codes}) AS c(code)
             WHERE code NOT IN (SELECT code FROM countries)) AS v
       WHERE n <= ${MARKET.countries} - (SELECT count(*) FROM countries)`,
    `INSERT INTO products (sku, service_code, country_code, price_brl, price_usd, stock)
       SELECT upper(s.code || '-' || c.code), s.code, c.code,
              100 + (hashtext(s.code || c.code) & 2047), 20 + (hashtext(c.code || s.code) & 511),
              (hashtext(s.code) & 4095) * ((hashtext(c.code) & 3) + 1) % 5000
       FROM services s CROSS JOIN countries c
       ON CONFLICT (sku) DO NOTHING`,
    'ANALYZE',
  ];
}

/** Writes the market into the bench database, with the store stopped (a PGlite folder has one opener). */
async function fill(database: BenchDatabase): Promise<{ products: number; ms: number }> {
  const started = performance.now();
  const count = 'SELECT count(*)::int AS n FROM products';
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      for (const statement of fillStatements()) await client.query(statement);
      const { rows } = await client.query<{ n: number }>(count);
      return { products: rows[0]!.n, ms: performance.now() - started };
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create({ dataDir: database.env.DATA_DIR! });
  try {
    for (const statement of fillStatements()) await db.exec(statement);
    const { rows } = await db.query<{ n: number }>(count);
    return { products: rows[0]!.n, ms: performance.now() - started };
  } finally {
    await db.close();
  }
}

async function apiKey(server: Running): Promise<string> {
  const cookie = await signUpCustomer(server.url, `market-${Date.now()}@numero.test`);
  const res = await fetch(`${server.url}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ name: 'market bench' }),
  });
  if (res.status !== 201) throw new Error(`key creation answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

interface Call {
  ms: number;
  status: number;
  bytes: number;
  encoding: string;
}

async function getPrices(url: string, acceptEncoding: string): Promise<Call> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
  // fetch decodes what it is sent: the size on the wire is the header's, else the body's.
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  return {
    ms,
    status: res.status,
    bytes: Number.isFinite(length) ? length : body.byteLength,
    encoding: res.headers.get('content-encoding') ?? 'identity',
  };
}

/** p99 of a few dozen samples is their slowest but one at most: read it as "the slow ones". */
function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

export async function measureMarket(database: BenchDatabase, port: number): Promise<Check[]> {
  // The schema and the demo catalogue, then the market written beside them.
  await (await startStore(database, port)).stop();
  const filled = await fill(database);
  console.log(`market: ${fmt(filled.products)} products written in ${fmt(filled.ms)} ms`);
  // Background tasks off: the stock sync would ask the simulator for 200,000 counts meanwhile.
  const server = await startStore(database, port, {
    RUN_JOBS: 'false',
    RESELLER_REQUESTS_PER_SECOND: '1000',
  });
  try {
    const rssAtStart = rssMib(server.pid);
    const key = await apiKey(server);
    const url = `http://${HOST}:${port}/stubs/handler_api.php?api_key=${key}&action=getPrices`;
    const first = await getPrices(url, 'identity');
    const rssAfterFirst = rssMib(server.pid);
    const plain: Call[] = [];
    const deadline = performance.now() + SECONDS * 1_000;
    while (performance.now() < deadline) plain.push(await getPrices(url, 'identity'));
    const refused = plain.filter((c) => c.status !== 200).length;
    const gzip = await getPrices(url, 'gzip');
    const br = await getPrices(url, 'gzip, deflate, br');
    const shop = await measureShop(`http://${HOST}:${port}`, database.kind);
    const rss = rssMib(server.pid);
    const ms = plain.map((c) => c.ms);
    const p50 = median(ms);
    const p99 = percentile(ms, 99);
    const round = (n: number) => `${fmt(n)} ms`;
    const kib = (n: number) => `${fmt(n / 1024)} KiB`;
    return [
      {
        name: `the market written: ${fmt(MARKET.services)} services × ${fmt(MARKET.countries)} countries`,
        figure: `${fmt(filled.products)} products in ${fmt(filled.ms / 1000)} s`,
        target: '—',
        pass: null,
      },
      {
        name: 'full `getPrices`, the first call after start (builds the answer)',
        figure: round(first.ms),
        target: '—',
        pass: null,
      },
      {
        name: `full \`getPrices\`, one call after another for ${SECONDS} s`,
        figure: `${fmt(plain.length)} calls, p50 ${round(p50)}, p99 ${round(p99)}${refused ? `, ${refused} not 200` : ''}`,
        target: `p99 ≤ ${MARKET_TARGET_MS} ms, all 200`,
        pass: p99 <= MARKET_TARGET_MS && refused === 0,
      },
      {
        name: 'full `getPrices`, bytes sent',
        figure: `${kib(first.bytes)} plain; ${kib(gzip.bytes)} ${gzip.encoding}; ${kib(br.bytes)} ${br.encoding}`,
        target: '—',
        pass: null,
      },
      ...shop,
      {
        name: 'the store’s resident memory (RSS)',
        figure: `${fmt(rssAfterFirst)} MiB after the first \`getPrices\`, ${fmt(rss)} MiB after all the calls above`,
        against: `${fmt(rssAtStart)} MiB at start`,
        // On PGlite the database engine runs inside the store's process (the demo store holds some 280 MiB
        // there before any market): the bound is the API process's, which only PostgreSQL shows apart.
        target:
          database.kind === 'postgres' ? `≤ ${RSS_TARGET_MIB} MiB` : `≤ ${RSS_TARGET_MIB} MiB on PostgreSQL`,
        pass: database.kind === 'postgres' ? rss <= RSS_TARGET_MIB : null,
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The market's rows (the price list, the import) in their own section of docs/performance.md, replaced at each run. */
export function writeMarketReport(kind: string, checks: Check[]) {
  const lines = checkTable('At market size', checks);
  console.log(`${lines.join('\n')}\n`);
  writeSection(`market-${kind}`, `At market size, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, [
    `Last run ${new Date().toISOString()} on ${machine()}; ${loadNote()}.`,
    ...lines,
  ]);
}
