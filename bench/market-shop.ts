// The shop's JSON API at the size of the whole market, asked as the products page asks it: the first
// page of products and of services (bytes), pages of one service's and one country's products, and the
// search, 50 clients at once. Run by measureMarket on the store it filled.
import autocannon from 'autocannon';
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

async function bytesOf(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

interface Load {
  answered: number;
  p50: number;
  p99: number;
  failed: number;
}

/**
 * `CLIENTS` connections (autocannon, as the endpoints' rows use), each asking the next path as soon as
 * its last answer came, for SECONDS, after a warm-up second. A client of fetch calls spent more CPU than
 * the store it measured on this 2-core machine, and its own queue was most of the latency it reported.
 */
async function concurrently(base: string, paths: string[]): Promise<Load> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path }));
  await autocannon({ url: base, connections: CLIENTS, duration: 1, requests });
  const r = await autocannon({ url: base, connections: CLIENTS, duration: SECONDS, requests });
  return { answered: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

const described = (load: Load, what: string) =>
  `${fmt(load.answered)} ${what}, p50 ${fmt(load.p50)} ms, p99 ${fmt(load.p99)} ms${load.failed ? `, ${load.failed} not 200` : ''}`;

export async function measureShop(base: string, kind: 'postgres' | 'pglite'): Promise<Check[]> {
  const api = `${base}/api/v1/catalog`;
  // The first answers build the shelf and the search index: not measured.
  await bytesOf(`${api}/products?currency=BRL`);
  await bytesOf(`${api}/search?q=market`);
  const firstProducts = await bytesOf(`${api}/products?currency=BRL`);
  const firstServices = await bytesOf(`${api}/services?currency=BRL`);
  const services = ['m0001', 'm0250', 'm0500', 'm0750', 'm0999', 'wa', 'tg'];
  const pages = await concurrently(
    base,
    services.flatMap((service) =>
      ['popular', 'price', 'success'].flatMap((sort) =>
        [0, 50, 100, 150].map(
          (cursor) => `/api/v1/catalog/products?service=${service}&sort=${sort}&cursor=${cursor}`,
        ),
      ),
    ),
  );
  const search = await concurrently(
    base,
    TYPED.map((q) => `/api/v1/catalog/search?q=${encodeURIComponent(q)}`),
  );
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
      figure: described(pages, 'pages'),
      target: '—',
      pass: null,
    },
    {
      name: `\`GET /api/v1/catalog/search\`, ${CLIENTS} clients for ${SECONDS} s`,
      figure: described(search, 'searches'),
      target: `p99 ≤ ${target} ms`,
      pass: search.p99 <= target && search.failed === 0,
    },
  ];
}
