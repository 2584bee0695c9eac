import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { checkMoney } from '../test/money-invariants.ts';
import {
  type Answer,
  callStore,
  freePort,
  openCustomer,
  StoreProcess,
  signInTo,
  storeEnv,
} from '../test/processes.ts';
import { recordReliability } from '../test/reliability-report.ts';
import { ADMIN, createSeededTestDatabase } from '../test/test-database.ts';

/**
 * Two API processes and one worker on one PostgreSQL, with load spread over both API processes
 * (purchases, retries of the same purchase on the other process, cancels, finishes, PIX top-ups) while
 * faults are injected: an API process killed with SIGKILL mid-load and restarted, every connection cut
 * with pg_terminate_backend, the worker killed and restarted. Afterwards every invariant of the money
 * holds, nothing is left half-done, and both processes still serve.
 */
const serverUrl = process.env.DATABASE_URL;
const LOAD_MS = Number(process.env.RELIABILITY_SECONDS ?? 15) * 1000;
const CUSTOMERS = 10;
const START_CENTS = 10_000;

describe.skipIf(!serverUrl)('two API processes and a worker under faults (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let a: StoreProcess;
  let b: StoreProcess;
  let worker: StoreProcess;
  const counts: Record<string, number> = {};
  const faults: string[] = [];
  const count = (what: string) => {
    counts[what] = (counts[what] ?? 0) + 1;
  };

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      ...storeEnv(database.url!, `http://127.0.0.1:${portA}`),
      RUN_JOBS: 'false',
      SIMULATOR_MIN_DELAY_MS: '500',
      SIMULATOR_MAX_DELAY_MS: '4000',
      SIMULATOR_NO_SMS_RATE: '0.3',
    };
    a = new StoreProcess('server.ts', env, portA);
    b = new StoreProcess('server.ts', env, portB);
    worker = new StoreProcess('worker.ts', { ...env, LOG_LEVEL: 'info' });
    await Promise.all([a.start(), b.start(), worker.start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await database?.close();
  }, 60_000);

  const call = (to: StoreProcess, method: string, path: string, opts?: Parameters<typeof callStore>[3]) =>
    callStore(to, method, path, opts);

  it('keeps every invariant of the money through crashes, cut connections and restarts', async () => {
    const admin = await signInTo(a, ADMIN.email, ADMIN.password);
    const customers: { id: string; cookie: string; activations: string[] }[] = [];
    for (let i = 0; i < CUSTOMERS; i++)
      customers.push({ ...(await openCustomer(a, admin, START_CENTS)), activations: [] });
    const offers = (await call(a, 'GET', '/api/v1/catalog/products?currency=BRL')).body.items as unknown as {
      id: number;
      available: boolean;
    }[];
    const products = offers
      .filter((p) => p.available)
      .slice(0, 8)
      .map((p) => p.id);
    expect(products.length).toBeGreaterThan(0);

    const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    const either = () => pick([a, b]);
    const keys: { cookie: string; key: string; id: string; body: object }[] = [];

    async function purchase(c: (typeof customers)[number]) {
      const key = randomUUID();
      const body = { product_id: pick(products), currency: 'BRL' };
      const headers = { 'idempotency-key': key };
      let res = await call(either(), 'POST', '/api/v1/activations', { cookie: c.cookie, body, headers });
      // A client that lost its answer retries with the same key, on whichever process answers.
      for (let retry = 0; res.status === 0 && retry < 5; retry++) {
        count('purchase retried after a dropped connection');
        res = await call(a, 'POST', '/api/v1/activations', { cookie: c.cookie, body, headers });
      }
      count(`purchase ${res.status}`);
      if (res.status !== 201 && res.status !== 200) return;
      const id = res.body.id as string;
      c.activations.push(id);
      // A retry that found the purchase still pending (its process was killed mid-way) is answered
      // again later as the sweeper left it, refunded as interrupted (503): only sold numbers are replayed.
      if (res.body.status !== 'pending') keys.push({ cookie: c.cookie, key, id, body });
      if (Math.random() < 0.2) {
        const again = await call(either(), 'POST', '/api/v1/activations', {
          cookie: c.cookie,
          body,
          headers,
        });
        count(`purchase replayed ${again.status}`);
        if (again.status === 200 || again.status === 201) expect(again.body.id).toBe(id);
      }
    }

    async function endOne(c: (typeof customers)[number], action: 'cancel' | 'finish') {
      if (c.activations.length === 0) return;
      const res = await call(either(), 'POST', `/api/v1/activations/${pick(c.activations)}/${action}`, {
        cookie: c.cookie,
      });
      count(`${action} ${res.status}`);
    }

    async function topUp(c: (typeof customers)[number]) {
      const intent = await call(either(), 'POST', '/api/v1/wallets/payments/create-intent', {
        cookie: c.cookie,
        body: { amount: 1_000, currency: 'BRL', method: 'pix' },
      });
      count(`top-up intent ${intent.status}`);
      if (intent.status !== 201) return;
      const paid = await call(either(), 'POST', `/api/v1/wallets/payments/${intent.body.id}/simulate`, {
        cookie: c.cookie,
        body: {},
      });
      count(`top-up paid ${paid.status}`);
    }

    async function cutConnections() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const cut = await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await client.end();
      faults.push(`pg_terminate_backend on ${cut.rowCount} connections`);
    }

    const end = Date.now() + LOAD_MS;
    const at = (share: number) => new Promise((r) => setTimeout(r, LOAD_MS * share));
    const timeline = (async () => {
      await at(0.25);
      await b.stop('SIGKILL');
      faults.push('API process B killed with SIGKILL');
      await at(0.15);
      await cutConnections();
      await at(0.1);
      await b.start();
      faults.push('API process B restarted');
      await at(0.1);
      await worker.stop('SIGKILL');
      faults.push('worker killed with SIGKILL');
      await worker.start();
      faults.push('worker restarted');
    })();
    const loops = Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        const c = pick(customers);
        const r = Math.random();
        if (r < 0.55) await purchase(c);
        else if (r < 0.75) await endOne(c, 'cancel');
        else if (r < 0.85) await endOne(c, 'finish');
        else await topUp(c);
      }
    });
    await Promise.all([...loops, timeline]);

    // A purchase cut off by the crash is refunded by the worker's sweeper once it is stale (a minute).
    const deadline = Date.now() + 120_000;
    const pendingCount = async () => {
      const [row] = await queryRows<{ n: string }>(
        database.db,
        sql`SELECT count(*)::text AS n FROM activations WHERE status = 'pending'`,
      );
      return Number(row?.n);
    };
    while ((await pendingCount()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    expect(await pendingCount()).toBe(0);

    // Every purchase that was answered is found again by its key, on either process, never bought twice.
    // A shed request (503 + Retry-After, the machine being busy) is retried after the wait, as a client would.
    for (const k of keys.slice(0, 30)) {
      let res: Answer;
      for (let attempt = 0; ; attempt++) {
        res = await call(b, 'POST', '/api/v1/activations', {
          cookie: k.cookie,
          body: k.body,
          headers: { 'idempotency-key': k.key },
        });
        if (res.status !== 503 || attempt === 5) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      count(`late replay ${res.status}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.id).toBe(k.id);
    }

    // A request caught by the cut connections may fail, but as 503 (retry), never as an internal error.
    expect(Object.keys(counts).filter((k) => k.endsWith(' 500'))).toEqual([]);
    const checks = await checkMoney(database, START_CENTS);
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    expect(checks.problems).toEqual([]);
    expect(checks.moneyLost).toBe(0);
    for (const p of [a, b]) expect((await call(p, 'GET', '/ready')).status).toBe(200);

    await recordReliability('processes', {
      seconds: LOAD_MS / 1000,
      processes: '2 API + 1 worker',
      operations: Object.values(counts).reduce((s, n) => s + n, 0),
      counts,
      faults,
      invariantChecks: checks.checked,
      moneyLost: checks.moneyLost,
    });
  }, 300_000);
});
