// The shop's JSON API at the size of the whole market, asked as the products page asks it: the first
// page of products and of services (bytes), pages of one service's and one country's products, and the
// search, 50 clients at once. Run by measureMarket on the store it filled.
import { type Check, fmt } from './checks.ts';

/** At once, as 50 customers typing in the search box. */
const CLIENTS = 50;
/** Seconds each concurrent measure runs (BENCH_MARKET_SHOP_SECONDS). */
const SECONDS = Number(process.env.BENCH_MARKET_SHOP_SECONDS ?? 8);
/** A first page of products must fit in this many bytes. */
export const FIRST_PAGE_MAX_BYTES = 30_000;
/** Search p99 at 50 clients. */
export const SEARCH_TARGET_MS = { postgres: 20, pglite: 50 } as const;

/** What customers type: names, a typo, a country in Portuguese. */
const TYPED = [
  'market serv',
  'servcie 42',
  'service 7',
  'país ab',
  'country b',
  'markte',
  'whatsap',
  'telegrama',
];

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

async function bytesOf(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

/** `CLIENTS` callers, each asking the next URL as soon as its last answer came, for SECONDS. */
async function concurrently(next: (i: number) => string): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  let i = 0;
  const deadline = performance.now() + SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const res = await fetch(next(i++));
        await res.arrayBuffer();
        if (res.status === 200) ms.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return { ms, failed };
}

export async function measureShop(base: string, kind: 'postgres' | 'pglite'): Promise<Check[]> {
  const api = `${base}/api/v1/catalog`;
  // The first answers build the shelf and the search index: not measured.
  await bytesOf(`${api}/products?currency=BRL`);
  await bytesOf(`${api}/search?q=market`);
  const firstProducts = await bytesOf(`${api}/products?currency=BRL`);
  const firstServices = await bytesOf(`${api}/services?currency=BRL`);
  const services = ['m0001', 'm0250', 'm0500', 'm0750', 'm0999', 'wa', 'tg'];
  const pages = await concurrently(
    (i) =>
      `${api}/products?service=${services[i % services.length]}&sort=${['popular', 'price', 'success'][i % 3]}&cursor=${(i % 4) * 50}`,
  );
  const search = await concurrently((i) => `${api}/search?q=${encodeURIComponent(TYPED[i % TYPED.length]!)}`);
  const p99 = (ms: number[]) => `${fmt(percentile(ms, 99))} ms`;
  const target = SEARCH_TARGET_MS[kind];
  return [
    {
      name: 'first page of `GET /api/v1/catalog/products` (50 products), bytes',
      figure: `${fmt(firstProducts / 1024)} KiB`,
      target: `≤ ${fmt(FIRST_PAGE_MAX_BYTES / 1000)} KB`,
      pass: firstProducts <= FIRST_PAGE_MAX_BYTES,
    },
    {
      name: 'first page of `GET /api/v1/catalog/services` (60 services), bytes',
      figure: `${fmt(firstServices / 1024)} KiB`,
      target: '—',
      pass: null,
    },
    {
      name: `a service's products, sorted and paged, ${CLIENTS} clients for ${SECONDS} s`,
      figure: `${fmt(pages.ms.length)} pages, p50 ${fmt(percentile(pages.ms, 50))} ms, p99 ${p99(pages.ms)}${pages.failed ? `, ${pages.failed} not 200` : ''}`,
      target: '—',
      pass: null,
    },
    {
      name: `\`GET /api/v1/catalog/search\`, ${CLIENTS} clients for ${SECONDS} s`,
      figure: `${fmt(search.ms.length)} searches, p50 ${fmt(percentile(search.ms, 50))} ms, p99 ${p99(search.ms)}${search.failed ? `, ${search.failed} not 200` : ''}`,
      target: `p99 ≤ ${target} ms`,
      pass: percentile(search.ms, 99) <= target && search.failed === 0,
    },
  ];
}
