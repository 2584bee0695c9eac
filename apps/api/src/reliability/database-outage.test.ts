import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { rememberSecrets } from '../test/log-scan.ts';
import { checkMoney } from '../test/money-invariants.ts';
import { OutageProxy } from '../test/outage-proxy.ts';
import { callStore, freePort, openCustomer, StoreProcess, signInTo, storeEnv } from '../test/processes.ts';
import { recordReliability } from '../test/reliability-report.ts';
import { ADMIN, createSeededTestDatabase } from '../test/test-database.ts';

/**
 * PostgreSQL stops for 30 s under load, as the two API processes and the worker see it: every
 * connection cut, every new one refused (a proxy in front of the real server plays the outage, so the
 * other tests on that server go on). Numbers bought before it expire during it. Afterwards the worker is
 * the same process, running its tasks again; the expired numbers are refunded; the ledger verifies; the
 * outage was logged once, not at every tick.
 */
const serverUrl = process.env.DATABASE_URL;
const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 30) * 1000;
const CUSTOMERS = 6;
const START_CENTS = 10_000;

describe.skipIf(!serverUrl)('a database outage under load (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let proxy: OutageProxy;
  let a: StoreProcess;
  let b: StoreProcess;
  let worker: StoreProcess;
  const counts: Record<string, number> = {};
  const count = (what: string) => {
    counts[what] = (counts[what] ?? 0) + 1;
  };

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    const target = new URL(database.url!);
    proxy = new OutageProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const [portA, portB, portWorker] = [await freePort(), await freePort(), await freePort()];
    const env = {
      ...storeEnv(proxy.urlFor(database.url!), `http://127.0.0.1:${portA}`),
      RUN_JOBS: 'false',
      // No code ever comes: every number waits until it expires, and its price goes back.
      SIMULATOR_NO_SMS_RATE: '1',
      DATABASE_POOL_WAIT_MS: '2000',
    };
    a = new StoreProcess('server.ts', env, portA);
    b = new StoreProcess('server.ts', env, portB);
    worker = new StoreProcess('worker.ts', { ...env, LOG_LEVEL: 'info' }, portWorker);
    await Promise.all([a.start(), b.start(), worker.start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await proxy?.close();
    await database?.close();
  }, 60_000);

  const health = async () => {
    try {
      const res = await fetch(`${worker.url}/health`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    } catch {
      return { status: 0, body: {} };
    }
  };

  /** Numbers still waiting past their end: what the worker owes the customers a refund for. */
  const overdue = async () => {
    const [row] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*)::text AS n FROM activations
          WHERE status IN ('pending', 'waiting_sms') AND expires_at <= now()`,
    );
    return Number(row?.n);
  };

  it('rides out 30 s without its database: the worker resumes, expired numbers are refunded', async () => {
    const admin = await signInTo(a, ADMIN.email, ADMIN.password);
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await openCustomer(a, admin, START_CENTS));
    const offers = (await callStore(a, 'GET', '/api/v1/catalog/products?currency=BRL')).body
      .items as unknown as {
      id: number;
      available: boolean;
    }[];
    const products = offers.filter((p) => p.available).map((p) => p.id);
    expect(products.length).toBeGreaterThan(0);
    const workerPid = worker.pid;
    // A reseller's bot polls throughout with its key in the query string, as the protocol's bots do.
    const created = await callStore(a, 'POST', '/api/v1/api-keys', {
      cookie: customers[0]!.cookie,
      body: { name: 'bot' },
    });
    expect(created.status).toBe(201);
    const apiKey = created.body.key as string;
    rememberSecrets(apiKey);

    let loadOn = true;
    let phase = 'before';
    const loops = customers.map(async (c, i) => {
      while (loadOn) {
        const to = i % 2 ? a : b;
        const res = await callStore(to, 'POST', '/api/v1/activations', {
          cookie: c.cookie,
          body: { product_id: products[i % products.length], currency: 'BRL' },
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        count(`${phase}: purchase ${res.status}`);
        const list = await callStore(to, 'GET', '/api/v1/activations', { cookie: c.cookie });
        count(`${phase}: orders ${list.status}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    const bot = (async () => {
      for (let i = 0; loadOn; i++) {
        const res = await callStore(
          i % 2 ? a : b,
          'GET',
          `/stubs/handler_api.php?api_key=${apiKey}&action=getBalance`,
        );
        count(`${phase}: bot getBalance ${res.status}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    await new Promise((r) => setTimeout(r, 3_000));
    // Every number bought so far runs out while the database is away.
    await database.db.execute(
      sql`UPDATE activations SET expires_at = now() + interval '2 seconds' WHERE status = 'waiting_sms'`,
    );
    const bought = Number(
      (
        await queryRows<{ n: string }>(
          database.db,
          sql`SELECT count(*)::text AS n FROM activations WHERE status = 'waiting_sms'`,
        )
      )[0]?.n,
    );
    expect(bought).toBeGreaterThan(0);

    phase = 'during';
    proxy.stopDatabase();
    const stoppedAt = Date.now();
    // The worker notices at its next task, pauses, and says so on /health, without exiting.
    let paused = await health();
    while (paused.body.status !== 'paused' && Date.now() - stoppedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 250));
      paused = await health();
    }
    expect(paused.status).toBe(503);
    expect(paused.body).toMatchObject({ status: 'paused', database: 'down' });
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
    expect(worker.running).toBe(true);
    expect(await overdue()).toBeGreaterThan(0);

    phase = 'after';
    proxy.startDatabase();
    const restartedAt = Date.now();
    while ((await overdue()) > 0 && Date.now() - restartedAt < 60_000)
      await new Promise((r) => setTimeout(r, 500));
    const refundedAfterMs = Date.now() - restartedAt;
    loadOn = false;
    await Promise.all([...loops, bot]);

    expect(await overdue()).toBe(0);
    expect(worker.running).toBe(true);
    expect(worker.pid).toBe(workerPid);
    const after = await health();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'running', database: 'up' });
    // Once per outage, not once per task and tick.
    const said = (text: string) => worker.output.split(text).length - 1;
    expect(said('database out of reach')).toBe(1);
    expect(said('database answers again')).toBe(1);
    expect(said('background task failed')).toBe(0);

    // Requests during the outage were refused as 503 (retry), never as an internal error.
    expect(Object.keys(counts).filter((k) => / 500$/.test(k))).toEqual([]);
    expect(counts['during: purchase 503'] ?? 0).toBeGreaterThan(0);
    for (const p of [a, b]) expect((await callStore(p, 'GET', '/ready')).status).toBe(200);
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    const checks = await checkMoney(database, START_CENTS);
    expect(checks.problems).toEqual([]);
    expect(checks.moneyLost).toBe(0);

    await recordReliability('database-outage', {
      outageSeconds: OUTAGE_MS / 1000,
      processes: '2 API + 1 worker',
      numbersExpiredDuringOutage: bought,
      refundedWithinMs: refundedAfterMs,
      counts,
      invariantChecks: checks.checked,
      moneyLost: checks.moneyLost,
    });
  }, 240_000);
});
