import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService } from '../features/ledger/ledger.service.ts';
import { SWEEP } from '../features/wallet/payment-sweep.ts';
import { createPaymentsRepository } from '../features/wallet/payments.repository.ts';
import { FAILPOINT_NAMES, type FailpointName } from '../lib/failpoint.ts';
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
 * A crash at each step of a purchase and of a top-up: the store runs as a real process with one
 * failpoint set to crash (SIGKILL at that line, mid-transaction for capture, refund and credit), the
 * customer does what reaches it, the process dies there, and it is started again as an operator's
 * supervisor would. After each restart the money invariants hold at once (nothing lost, nothing
 * doubled); once the recovery tasks have run, nothing is left half-done, the ledger verifies and the
 * store still serves.
 */
const serverUrl = process.env.DATABASE_URL;
const START_CENTS = 10_000;
const TOPUP_CENTS = 1_000;
const RECOVERY_MS = 180_000;

type Customer = { id: string; cookie: string };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)('a crash at each step of a purchase and a top-up (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let port: number;
  let env: Record<string, string>;
  let store: StoreProcess;
  let admin: string;
  let productId: number;
  const crashes: { failpoint: FailpointName; operation: string; afterRestart: string; seconds: number }[] =
    [];
  let invariantChecks = 0;
  let restarts = 0;

  beforeAll(async () => {
    database = await createSeededTestDatabase();
    port = await freePort();
    env = {
      ...storeEnv(database.url!, `http://127.0.0.1:${port}`),
      // Every number gets its SMS, late enough for a cancel to come first.
      SIMULATOR_MIN_DELAY_MS: '5000',
      SIMULATOR_MAX_DELAY_MS: '6000',
      SIMULATOR_NO_SMS_RATE: '0',
      // What is tested here is the crash; on a busy CI machine shedding load would answer 503 instead.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    };
    store = new StoreProcess('server.ts', env, port);
    await store.start();
    admin = await signInTo(store, ADMIN.email, ADMIN.password);
    const offers = (await callStore(store, 'GET', '/api/v1/catalog/products?currency=BRL')).body
      .items as unknown as { id: number; available: boolean }[];
    productId = offers.find((p) => p.available)!.id;
  }, 120_000);

  afterAll(async () => {
    await store?.stop();
    await database?.close();
  }, 60_000);

  async function checkInvariants() {
    const checks = await checkMoney(database, START_CENTS);
    expect(checks.problems).toEqual([]);
    expect(checks.moneyLost).toBe(0);
    invariantChecks += checks.checked;
    return checks;
  }

  /** Starts the store with `point` set to crash, runs `operation`, waits for the crash, restarts it clean. */
  async function crashAt<T>(point: FailpointName, operation: string, run: () => Promise<T>): Promise<T> {
    const began = Date.now();
    await store.stop();
    store = new StoreProcess('server.ts', { ...env, FAILPOINTS: `${point}:crash` }, port);
    await store.start();
    const result = await run();
    const deadline = Date.now() + 30_000;
    while (store.running && Date.now() < deadline) await sleep(100);
    expect(store.running, `the store did not crash at ${point}:\n${store.output}`).toBe(false);
    expect(store.output).toContain(`failpoint ${point}: crash`);
    store = new StoreProcess('server.ts', env, port);
    await store.start();
    restarts++;
    // Whatever the crash interrupted, the money adds up before any recovery has run.
    await checkInvariants();
    crashes.push({ failpoint: point, operation, afterRestart: '', seconds: (Date.now() - began) / 1000 });
    return result;
  }
  const noteAfterRestart = (text: string) => {
    crashes.at(-1)!.afterRestart = text;
  };

  const buy = (c: Customer, key: string) =>
    callStore(store, 'POST', '/api/v1/activations', {
      cookie: c.cookie,
      body: { product_id: productId, currency: 'BRL' },
      headers: { 'idempotency-key': key },
    });
  const intent = (c: Customer) =>
    callStore(store, 'POST', '/api/v1/wallets/payments/create-intent', {
      cookie: c.cookie,
      body: { amount: TOPUP_CENTS, currency: 'BRL', method: 'pix' },
    });
  const pay = (c: Customer, paymentId: unknown) =>
    callStore(store, 'POST', `/api/v1/wallets/payments/${paymentId}/simulate`, {
      cookie: c.cookie,
      body: {},
    });

  const activation = async (id: string) =>
    (
      await queryRows<{ status: string; settled: string | null; failure_code: string | null }>(
        database.db,
        sql`SELECT status, settled, failure_code FROM activations WHERE id = ${id}`,
      )
    )[0]!;
  const paymentsOf = (c: Customer) =>
    queryRows<{ status: string; failure_reason: string | null; provider_ref: string | null }>(
      database.db,
      sql`SELECT status, failure_reason, provider_ref FROM payments WHERE user_id = ${c.id}`,
    );
  const releasesOf = (id: string) =>
    queryRows<{ released: string | null }>(
      database.db,
      sql`SELECT released FROM activation_upstream_requests WHERE activation_id = ${id}`,
    );
  async function until(what: string, ready: () => Promise<boolean>, ms = RECOVERY_MS) {
    const deadline = Date.now() + ms;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`never happened: ${what}\n${store.output}`);
      await sleep(1000);
    }
  }
  const expectAnswer = (answer: Answer, status: number) =>
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);

  it('loses nothing, doubles nothing and leaves nothing stuck whatever step a crash hits', async () => {
    const started = Date.now();
    const customer = async () => openCustomer(store, admin, START_CENTS);

    // Paid: the webhook dies inside the credit, before it, or after it; the sweeper asks the provider
    // about payments a minute old, so these go first and their minute runs during the rest.
    const paid: Customer[] = [];
    for (const point of ['topup.credit', 'topup.webhook-received', 'topup.webhook-settled'] as const) {
      const c = await customer();
      await crashAt(point, 'customer pays a PIX charge', async () => {
        const created = await intent(c);
        expectAnswer(created, 201);
        expectAnswer(await pay(c, created.body.id), 202);
      });
      const [row] = await paymentsOf(c);
      expect(row?.status).toBe(point === 'topup.webhook-settled' ? 'paid' : 'pending');
      paid.push(c);
      noteAfterRestart(
        point === 'topup.webhook-settled'
          ? 'credited once before the crash; nothing more to do'
          : 'nothing credited; the sweeper finds it paid and credits it once',
      );
    }

    // Refund: the customer's cancel dies inside its transaction; the price stays in escrow until the
    // cancel is asked again.
    const c1 = await customer();
    const cancelled = await crashAt('activation.refund', 'customer cancels a number', async () => {
      const bought = await buy(c1, randomUUID());
      expectAnswer(bought, 201);
      const cancel = await callStore(store, 'POST', `/api/v1/activations/${bought.body.id}/cancel`, {
        cookie: c1.cookie,
      });
      expectAnswer(cancel, 0);
      return bought.body.id as string;
    });
    expect(await activation(cancelled)).toMatchObject({ status: 'waiting_sms', settled: null });
    const again = await callStore(store, 'POST', `/api/v1/activations/${cancelled}/cancel`, {
      cookie: c1.cookie,
    });
    expectAnswer(again, 200);
    expect(await activation(cancelled)).toMatchObject({ status: 'cancelled', settled: 'refunded' });
    noteAfterRestart('price still in escrow; the cancel asked again refunds it once');

    // The two steps that leave a purchase pending: the sweeper refunds them after a minute (and gives
    // the number bought upstream back), so they go first and their minute runs during the rest.
    const pending: string[] = [];
    for (const point of ['purchase.after-escrow', 'purchase.after-upstream'] as const) {
      const c = await customer();
      const key = randomUUID();
      await crashAt(point, 'customer buys a number', async () => expectAnswer(await buy(c, key), 0));
      const replay = await buy(c, key);
      expectAnswer(replay, 200);
      expect(replay.body.status).toBe('pending');
      pending.push(replay.body.id as string);
      noteAfterRestart(
        point === 'purchase.after-escrow'
          ? 'the retried purchase answers the same pending activation; the sweeper refunds it'
          : 'the same pending activation; the sweeper refunds it and cancels the number sold, found by order id',
      );
    }

    // Recorded but never answered: the retry with the same key gets the number, and the SMS comes.
    const c4 = await customer();
    const key4 = randomUUID();
    await crashAt('purchase.after-record', 'customer buys a number', async () =>
      expectAnswer(await buy(c4, key4), 0),
    );
    const recorded = await buy(c4, key4);
    expectAnswer(recorded, 200);
    expect(recorded.body.status).toBe('waiting_sms');
    expect(recorded.body.phone_number).toBeTruthy();
    await until('the code of the recorded purchase', async () => {
      return (await activation(recorded.body.id as string)).status === 'code_received';
    });
    noteAfterRestart('the retried purchase answers the same number; its code arrives and is charged once');

    // Capture: the code arrives and the process dies inside the capture; polling captures it again.
    const c5 = await customer();
    const captured = await crashAt('activation.capture', 'an SMS arrives', async () => {
      const bought = await buy(c5, randomUUID());
      expectAnswer(bought, 201);
      return bought.body.id as string;
    });
    noteAfterRestart('the code is captured once by the next poll');

    // Top-ups cut before the charge exists or reached our row: nobody can pay them.
    const orphans: Customer[] = [];
    for (const point of ['topup.after-intent', 'topup.after-provider'] as const) {
      const c = await customer();
      await crashAt(point, 'customer asks for a PIX charge', async () => expectAnswer(await intent(c), 0));
      const [row] = await paymentsOf(c);
      expect(row).toMatchObject({ status: 'pending', provider_ref: null });
      orphans.push(c);
      noteAfterRestart('a pending payment without a charge, credited nothing; the orphan pass closes it');
    }

    // Recovery: the tasks of the restarted process finish what the crashes left.
    const recovering = Date.now();
    await until('every purchase settled and every paid top-up credited', async () => {
      const rows = await Promise.all([...pending, captured].map(activation));
      const payments = await Promise.all(paid.map(paymentsOf));
      return (
        rows.every((r) => r.settled !== null) &&
        payments.every(([p]) => p?.status === 'paid') &&
        (await releasesOf(pending[1]!)).every((r) => r.released !== null)
      );
    });
    const recoverySeconds = Math.round((Date.now() - recovering) / 1000);
    for (const id of pending)
      expect(await activation(id)).toMatchObject({
        status: 'failed',
        settled: 'refunded',
        failure_code: 'INTERRUPTED',
      });
    expect(await releasesOf(pending[0]!)).toEqual([]);
    // The number the seller sold before the crash was found by the order id and cancelled there.
    expect(await releasesOf(pending[1]!)).toEqual([{ released: 'cancelled' }]);
    expect(await activation(captured)).toMatchObject({ status: 'code_received', settled: 'captured' });
    // The orphan pass, five minutes on: the sweeper's own query with its clock moved forward.
    const payments = createPaymentsRepository(database.db);
    const later = new Date(Date.now() + SWEEP.orphanAfterMs + 1_000);
    expect(await payments.failOrphans(later, SWEEP.orphanAfterMs)).toBe(orphans.length);
    for (const c of orphans)
      expect(await paymentsOf(c)).toEqual([
        { status: 'failed', failure_reason: 'not_created', provider_ref: null },
      ]);

    const checks = await checkInvariants();
    const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
    expect(await ledger.verify()).toEqual([]);
    // Nothing stuck, and the store serves: no purchase pending, a new one goes through.
    const [stuck] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*)::text AS n FROM activations WHERE status = 'pending'`,
    );
    expect(stuck?.n).toBe('0');
    expectAnswer(await callStore(store, 'GET', '/ready'), 200);
    expectAnswer(await buy(c1, randomUUID()), 201);
    expect(crashes.map((c) => c.failpoint).sort()).toEqual([...FAILPOINT_NAMES].sort());

    await recordReliability('failpoints', {
      seconds: Math.round((Date.now() - started) / 1000),
      recoverySeconds,
      crashes,
      restarts,
      invariantChecks,
      moneyLost: checks.moneyLost,
    });
  }, 600_000);
});
