// The catalogue import at the size of the whole market: a handler_api.php seller on loopback lists
// 1,000 services in every country the protocol numbers (199), about 200,000 offers; the built store
// imports them (first import), then again with 1 % of the costs changed (re-sync). `BENCH_ONLY=import`
// runs this alone; its rows join the market's section of docs/performance.md.
import { createServer, type Server } from 'node:http';
import { MARKET_COUNTRIES } from '../apps/api/src/providers/numbers/market/countries.ts';
import { type Check, fmt } from './checks.ts';
import { BENCH_ADMIN, type BenchDatabase, HOST, signIn, startStore } from './processes.ts';

const SERVICES = 1_000;
const API_KEY = 'bench-seller-key';
export const IMPORT_TARGETS = { firstMs: 60_000, resyncMs: 5_000 };

/** The seller's whole price list, every cost in RUB; `bump` raises one offer in a hundred by 1 RUB. */
function priceList(bump: boolean): string {
  const codes = Array.from({ length: SERVICES }, (_, i) => `s${String(i).padStart(4, '0')}`);
  const list: Record<string, Record<string, { cost: number; count: number }>> = {};
  let n = 0;
  for (const c of MARKET_COUNTRIES) {
    if (c.protocolId === undefined) continue;
    const byService: Record<string, { cost: number; count: number }> = {};
    for (const code of codes) {
      n++;
      byService[code] = { cost: 5 + (n % 40) + (bump && n % 100 === 0 ? 1 : 0), count: n % 500 };
    }
    list[String(c.protocolId)] = byService;
  }
  return JSON.stringify(list);
}

async function startSeller(): Promise<{ server: Server; url: string; bump: () => void }> {
  let body = priceList(false);
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://seller').searchParams;
    const ok = query.get('api_key') === API_KEY && query.get('action') === 'getPrices';
    res.writeHead(200, { 'content-type': ok ? 'application/json' : 'text/plain' });
    res.end(ok ? body : 'BAD_ACTION');
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://${HOST}:${port}`, bump: () => (body = priceList(true)) };
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
  const store = await startStore(database, port, {
    RUN_JOBS: 'false',
    NUMBER_PROVIDERS: 'sms-activate',
    SMS_ACTIVATE_BASE_URL: seller.url,
    SMS_ACTIVATE_API_KEY: API_KEY,
    CATALOG_IMPORT_NEW: 'sell',
    UPSTREAM_TIMEOUT_MS: '60000',
  });
  try {
    const storeUrl = `http://${HOST}:${port}`;
    const cookie = await signIn(storeUrl, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const first = await runImport(storeUrl, cookie);
    console.log(`import: first ${fmt(first.ms)} ms ${JSON.stringify(first.body)}`);
    seller.bump();
    const resync = await runImport(storeUrl, cookie);
    console.log(`import: re-sync ${fmt(resync.ms)} ms ${JSON.stringify(resync.body)}`);
    const offers = (first.body.providers as { offers: number }[])[0]?.offers ?? 0;
    return [
      {
        name: `first import of ${fmt(offers)} offers (${fmt(Number(first.body.new_products))} new products)`,
        figure: `${fmt(first.ms / 1000)} s`,
        target: `≤ ${IMPORT_TARGETS.firstMs / 1000} s`,
        pass: first.ms <= IMPORT_TARGETS.firstMs,
      },
      {
        name: `re-sync with 1 % of costs changed (${fmt(Number(resync.body.costs_changed))} cost rows written)`,
        figure: `${fmt(resync.ms / 1000)} s`,
        target: `≤ ${IMPORT_TARGETS.resyncMs / 1000} s`,
        pass: resync.ms <= IMPORT_TARGETS.resyncMs,
      },
    ];
  } finally {
    await store.stop();
    seller.server.close();
  }
}
