// The catalogue import at the size of the whole market: a handler_api.php seller on loopback lists
// 1,000 services in every country the protocol numbers (199), about 200,000 offers; the built store
// imports them (first import), then again with 1 % of the costs changed (re-sync). `BENCH_ONLY=import`
// runs this alone; its rows join the market's section of docs/performance.md.
import { MARKET_COUNTRIES } from '../apps/api/src/providers/numbers/market/countries.ts';
import { API_KEY, createFakeSeller } from '../apps/api/src/providers/numbers/sms-activate.fixture.ts';
import { startTestServer, type TestServer } from '../apps/api/src/providers/numbers/test-support.ts';
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

const SERVICES = 1_000;
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

/**
 * The seller on loopback: its whole price list for getPrices, and numbers sold, watched and cancelled
 * (getNumber, getStatus, setStatus) as the tests' handler_api.php seller sells them.
 */
async function startSeller(): Promise<{ server: TestServer; bump: () => void }> {
  const seller = createFakeSeller();
  seller.force('getPrices', priceList(false));
  const server = await startTestServer((req, res) => seller.handle(req, res));
  return { server, bump: () => seller.force('getPrices', priceList(true)) };
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
    SMS_ACTIVATE_BASE_URL: seller.server.baseUrl,
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
    seller.bump();
    let purchases: Check[] = [];
    let resync = { ms: 0, body: {} as Record<string, unknown> };
    const resyncNow = async () => {
      resync = await runImport(storeUrl, cookie);
    };
    if (buyers) {
      // On PostgreSQL the hourly import runs in the worker (`npm run worker`), not in the processes that
      // serve customers: here a second store process stands for it.
      worker = await startStore(database, await freePort(), env);
      const workerCookie = await signIn(worker.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
      const resyncElsewhere = async () => {
        resync = await runImport(worker!.url, workerCookie);
      };
      purchases = [await measurePurchasesDuringSync(storeUrl, await buyers.thenBuy(), resyncElsewhere)];
    } else await resyncNow();
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
      ...purchases,
    ];
  } finally {
    await worker?.stop();
    await store.stop();
    await seller.server.close();
  }
}
