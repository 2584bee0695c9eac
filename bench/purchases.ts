// Purchases by many customers at once: `POST /api/v1/activations` on the store (the simulator as its
// upstream seller, the demo catalogue) against the ceiling's one raw transaction writing the same rows
// (bench/ceiling-purchase.mjs), alternated for a few rounds; then `npm run ledger:verify` on the result.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { type Check, fmt, median } from './checks.ts';
import { type Buyers, createBuyers, verifyLedger } from './customers.ts';
import { type BenchDatabase, type Running, startCeiling, startStore } from './processes.ts';
import type { Measured, Row } from './report.ts';
import type { Endpoint } from './run.ts';

export const BUYERS = Number(process.env.BENCH_BUYERS ?? 1_000);
export const PURCHASES_EACH = Number(process.env.BENCH_PURCHASES_EACH ?? 2);
/**
 * The simulator keeps every SMS until well after the run: the row measures purchases, as the ceiling
 * does, not purchases plus the deliveries and captures that would otherwise land in the middle of it
 * (those are measured on their own by bench/live-code.ts).
 */
const HOLD_SMS = { SIMULATOR_MIN_DELAY_MS: '600000', SIMULATOR_MAX_DELAY_MS: '600000' };
/** A purchase not answered in this time counts as failed. */
const TIMEOUT_S = 30;

/** The bound on a purchase's p99 (PostgreSQL), for the burst and the steady pace alike. */
const PURCHASE_P99_MS = 25;

/** The steady pace of the second measurement, purchases a second from all the customers together. */
export const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 100);

export const PURCHASE: Endpoint = {
  name: `POST /api/v1/activations, ${BUYERS.toLocaleString('en-US')} customers at once, ${PURCHASES_EACH} purchases each`,
  path: '/api/v1/activations',
  cookie: true,
  ratio: 0.7,
  p99Ms: PURCHASE_P99_MS,
};

/**
 * The same customers at a steady pace the ceiling and the store both sustain: what a purchase takes when
 * the store is not saturated. With a thousand purchases in flight at once, the wait is the queue's (a
 * thousand divided by the throughput, seconds on either server), whatever each purchase costs.
 */
export const PURCHASE_PACED: Endpoint = {
  name: `POST /api/v1/activations, the same customers at a steady ${PACED_RATE} purchases/s`,
  path: '/api/v1/activations',
  cookie: true,
  p99Ms: PURCHASE_P99_MS,
};

/** The `i`th purchase: customers and products in turn, each with a new idempotency key (never a replay). */
function purchase(server: Running, buyers: Buyers, i: number) {
  return {
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: buyers.cookies[i % buyers.cookies.length]!,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ product_id: buyers.productIds[i % buyers.productIds.length], currency: 'BRL' }),
  };
}

/** The purchases for autocannon (as many connections as customers: about one in flight per customer). */
function purchases(server: Running, buyers: Buyers) {
  let next = 0;
  return [
    {
      method: 'POST' as const,
      path: PURCHASE.path,
      setupRequest: (req: { headers?: Record<string, string>; body?: string }) =>
        Object.assign(req, purchase(server, buyers, next++)),
    },
  ];
}

/** A run's figures; its answers counted by status into `answers`. */
function tally(result: autocannon.Result, answers: Map<string, number>): Measured {
  const codes = result.statusCodeStats as unknown as Record<string, { count: number }>;
  for (const [code, { count }] of Object.entries(codes)) answers.set(code, (answers.get(code) ?? 0) + count);
  if (result.timeouts) answers.set(`no answer in ${TIMEOUT_S} s`, result.timeouts);
  return {
    rps: result['2xx'] / result.duration,
    p99: result.latency.p99,
    // autocannon counts a request that timed out among its errors too.
    failures: result.non2xx + result.errors,
  };
}

/**
 * Every customer buys PURCHASES_EACH times, all at once (one connection per customer): the figure is the
 * purchases answered per second until the last one, and their p99.
 */
async function drive(server: Running, buyers: Buyers, answers: Map<string, number>): Promise<Measured> {
  // A short warm-up at low concurrency, so the JIT and the pools are in their steady state.
  await autocannon({ url: server.url, connections: 4, amount: 100, requests: purchases(server, buyers) });
  const result = await autocannon({
    url: server.url,
    connections: buyers.cookies.length,
    amount: buyers.cookies.length * PURCHASES_EACH,
    timeout: TIMEOUT_S,
    requests: purchases(server, buyers),
  });
  return tally(result, answers);
}

/**
 * One purchase per customer, at an even PACED_RATE a second whatever the answers: each request leaves when
 * it is due, however long the ones before take, and its time counts from then. (autocannon's own rate
 * sends each second's requests together, in a burst.) The figure is their p99.
 */
async function drivePaced(server: Running, buyers: Buyers, answers: Map<string, number>): Promise<Measured> {
  const count = (answer: string) => answers.set(answer, (answers.get(answer) ?? 0) + 1);
  const started = performance.now() + 100;
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    buyers.cookies.map(async (_, i) => {
      const due = started + (i * 1_000) / PACED_RATE;
      await sleep(due - performance.now());
      const status = await fetch(`${server.url}${PURCHASE_PACED.path}`, {
        method: 'POST',
        ...purchase(server, buyers, i),
        signal: AbortSignal.timeout(TIMEOUT_S * 1_000),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return String(res.status);
        },
        () => `no answer in ${TIMEOUT_S} s`,
      );
      latencies.push(performance.now() - due);
      count(status);
      if (status !== '201') failures++;
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.ceil(latencies.length * 0.99) - 1] ?? 0;
  return { rps: (latencies.length - failures) / seconds, p99: Math.round(p99), failures };
}

export interface PurchaseResult {
  rows: Row[];
  ledger: { ok: boolean; text: string };
  /** Every measured purchase's answer by status, on both sides (the warm-ups left out). */
  answers: string;
  /** The store answered every measured purchase 201 Created. */
  allCreated: boolean;
  /** The least p99 the burst allows any server as fast as the ceiling (reported, not a target). */
  queue: Check;
}

/**
 * In the burst each customer's second purchase leaves when their first is answered and waits behind the
 * other customers' first purchases: on a server answering `rate` purchases a second one after another, a
 * wait of BUYERS ÷ rate for half of them, so the p99 is at least that, whatever one purchase costs.
 */
function queueFloor(ceiling: Measured[]): Check {
  const rate = median(ceiling.map((m) => m.rps));
  const wait = (BUYERS / rate) * 1_000;
  return {
    name: `the least p99 of the ${BUYERS.toLocaleString('en-US')} customers at once: a second purchase queues behind every other customer's first`,
    figure: `${fmt(BUYERS)} ÷ the ceiling's ${fmt(rate)} purchases/s = ${fmt(wait)} ms`,
    against: `a p99 of ${PURCHASE_P99_MS} ms needs ${fmt((BUYERS * 1_000) / PURCHASE_P99_MS)} purchases/s`,
    target: '—',
    pass: null,
  };
}

/**
 * Store and ceiling take turns (each started for its turn: PGlite is one process's folder). Run with no
 * store or ceiling running. The buyers are written first, with their wallets, sessions and stock.
 */
export async function measurePurchases(
  database: BenchDatabase,
  ports: { store: number; ceiling: number },
  settings: { rounds: number },
): Promise<PurchaseResult> {
  const buyers = await createBuyers(database, BUYERS);
  const store: Measured[] = [];
  const ceiling: Measured[] = [];
  const storePaced: Measured[] = [];
  const ceilingPaced: Measured[] = [];
  const storeAnswers = new Map<string, number>();
  const ceilingAnswers = new Map<string, number>();
  for (let round = 1; round <= settings.rounds; round++) {
    const s = await startStore(database, ports.store, HOLD_SMS);
    try {
      store.push(await drive(s, buyers, storeAnswers));
      storePaced.push(await drivePaced(s, buyers, storeAnswers));
    } finally {
      await s.stop();
    }
    const c = await startCeiling(database, ports.ceiling);
    try {
      ceiling.push(await drive(c, buyers, ceilingAnswers));
      ceilingPaced.push(await drivePaced(c, buyers, ceilingAnswers));
    } finally {
      await c.stop();
    }
    console.log(`purchases round ${round}/${settings.rounds} done`);
  }
  const ledger = await verifyLedger(database);
  const list = (m: Map<string, number>) =>
    [...m].map(([code, n]) => `${n.toLocaleString('en-US')} × ${code}`).join(', ');
  return {
    rows: [
      { endpoint: PURCHASE, store, ceiling },
      { endpoint: PURCHASE_PACED, store: storePaced, ceiling: ceilingPaced },
    ],
    ledger,
    answers: `store ${list(storeAnswers)}; ceiling ${list(ceilingAnswers)}`,
    allCreated: [...storeAnswers.keys()].every((code) => code === '201'),
    queue: queueFloor(ceiling),
  };
}
