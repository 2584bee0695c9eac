import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { API_KEY, createFakeSeller } from '../providers/numbers/sms-activate.fixture.ts';
import { startTestServer, type TestServer } from '../providers/numbers/test-support.ts';
import { rememberSecrets } from '../test/log-scan.ts';
import { checkMoney } from '../test/money-invariants.ts';
import { callStore, freePort, openCustomer, StoreProcess, signInTo, storeEnv } from '../test/processes.ts';
import { recordReliability } from '../test/reliability-report.ts';
import { ADMIN, createSeededTestDatabase } from '../test/test-database.ts';

/**
 * A seller that sells at once but answers slowly, and the API process killed (SIGKILL) while it waits
 * for that answer: the number was bought upstream, the store never heard of it. The worker refunds the
 * interrupted purchase once it is stale, finds the order at the seller by our id and cancels it there,
 * so neither the customer nor the store pays for a number nobody got.
 */
const serverUrl = process.env.DATABASE_URL;
const START_CENTS = 10_000;
const ANSWER_AFTER_MS = 10_000;

describe.skipIf(!serverUrl)('an API process killed while the seller is slow (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let upstream: TestServer;
  let api: StoreProcess;
  let worker: StoreProcess;
  const seller = createFakeSeller();
  seller.settings.earlyCancelMs = 0;
  /** Our activation id → the seller's, for every number the seller sold. */
  const sold = new Map<string, string>();

  beforeAll(async () => {
    rememberSecrets(API_KEY);
    upstream = await startTestServer((req, res) => {
      const orderId = req.url.searchParams.get('orderId');
      if (req.url.searchParams.get('action') !== 'getNumberV2' || !orderId || sold.has(orderId))
        return seller.handle(req, res);
      // Sold now, told late: the answer leaves long after the purchase's process is gone.
      const end = res.end.bind(res) as (body: string) => ServerResponse;
      res.end = ((body: string) => {
        sold.set(orderId, String(JSON.parse(body).activationId));
        setTimeout(() => end(body), ANSWER_AFTER_MS);
        return res;
      }) as typeof res.end;
      seller.handle(req, res);
    });
    database = await createSeededTestDatabase();
    const port = await freePort();
    const env = {
      ...storeEnv(database.url!, `http://127.0.0.1:${port}`),
      RUN_JOBS: 'false',
      NUMBER_PROVIDERS: 'sms-activate',
      SMS_ACTIVATE_BASE_URL: upstream.baseUrl,
      SMS_ACTIVATE_API_KEY: API_KEY,
      UPSTREAM_TIMEOUT_MS: String(2 * ANSWER_AFTER_MS),
    };
    api = new StoreProcess('server.ts', env, port);
    worker = new StoreProcess('worker.ts', env, await freePort());
    await Promise.all([api.start(), worker.start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    await upstream?.close();
    await database?.close();
  }, 60_000);

  it('cancels at the seller the number a killed purchase bought, and refunds the customer', async () => {
    const admin = await signInTo(api, ADMIN.email, ADMIN.password);
    const customer = await openCustomer(api, admin, START_CENTS);
    const offers = (await callStore(api, 'GET', '/api/v1/catalog/products?service=wa&country=BR')).body
      .items as unknown as {
      id: number;
      available: boolean;
      service_code: string;
      country_code: string;
    }[];
    const product = offers.find((p) => p.available && p.service_code === 'wa' && p.country_code === 'BR');
    expect(product).toBeDefined();

    const purchase = callStore(api, 'POST', '/api/v1/activations', {
      cookie: customer.cookie,
      body: { product_id: product!.id, currency: 'BRL' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const started = Date.now();
    while (sold.size === 0 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
    expect(sold.size).toBe(1);
    await api.stop('SIGKILL');
    expect((await purchase).status).toBe(0);
    const [ourId, theirId] = [...sold][0]!;

    const activation = async () =>
      (
        await queryRows<{ status: string; failure_code: string | null }>(
          database.db,
          sql`SELECT status, failure_code FROM activations WHERE id = ${ourId}`,
        )
      )[0];
    expect((await activation())?.status).toBe('pending');

    // The sweeper takes a purchase as interrupted after a minute without news, then releases its number.
    const deadline = Date.now() + 150_000;
    const cancelledUpstream = () => seller.statusOf(theirId) === 'STATUS_CANCEL';
    while (!cancelledUpstream() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const releasedAfterMs = Date.now() - started;
    expect(cancelledUpstream()).toBe(true);
    expect(await activation()).toEqual({ status: 'failed', failure_code: 'INTERRUPTED' });
    // Only the one number was ever sold: finding the order did not buy another.
    expect(sold.size).toBe(1);

    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    const checks = await checkMoney(database, START_CENTS);
    expect(checks.problems).toEqual([]);
    expect(checks.moneyLost).toBe(0);

    await recordReliability('slow-seller-kill', {
      sellerAnswersAfterMs: ANSWER_AFTER_MS,
      cancelledAtSellerAfterMs: releasedAfterMs,
      moneyLost: checks.moneyLost,
    });
  }, 240_000);
});
