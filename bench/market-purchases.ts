// Purchases while the catalogue re-syncs (PostgreSQL): customers buy imported products through the
// store (POST /api/v1/activations, the loopback seller of bench/catalog-import.ts selling the numbers) at
// a steady pace, on a quiet store and while the import, in another process as the worker runs
// it, re-reads the seller's whole list and writes what changed. A shop visitor reads the products list once a second meanwhile, so the shelf is
// renewed after the re-sync as it would be in a store with visitors. Their p99s are compared.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/sql.ts';
import { type Check, fmt } from './checks.ts';
import { createBuyers } from './customers.ts';
import type { BenchDatabase } from './processes.ts';

/** Purchases a second, from all the customers together, in both measurements: a pace the store keeps up with. */
const RATE = Number(process.env.BENCH_SYNC_PURCHASE_RATE ?? 10);
const CUSTOMERS = 200;
/** Each quiet window, about as long as a re-sync; and the unmeasured first purchases. */
const QUIET_ROUND_MS = 3_000;
const WARM_MS = 2_000;
/** A purchase's p99 during the re-sync may exceed the quiet store's by this share at most. */
export const SYNC_PURCHASE_SLOWER = 0.1;
const TIMEOUT_MS = 30_000;

export interface SyncBuyers {
  cookies: string[];
  productIds: number[];
}

/**
 * Customers with funded wallets, written before the import (they raise the stock of what the demo
 * catalogue sells, which the import then withdraws); `thenBuy` names the imported products, which the
 * seller has plenty of, that they buy.
 */
export async function createSyncBuyers(database: BenchDatabase) {
  const { cookies } = await createBuyers(database, CUSTOMERS);
  return {
    async thenBuy(): Promise<SyncBuyers> {
      const { db, close } = await openDatabase({ databaseUrl: database.env.DATABASE_URL });
      try {
        const rows = await queryRows<{ id: number }>(
          db,
          sql`SELECT p.id FROM products p JOIN services s ON s.code = p.service_code
              JOIN countries c ON c.code = p.country_code
              WHERE p.is_active AND p.sale_hold IS NULL AND s.is_active AND c.is_active AND p.stock >= 200
              ORDER BY p.id LIMIT 500`,
        );
        if (rows.length === 0) throw new Error('No imported product in stock to buy');
        // The first import wrote some 600,000 rows: the vacuum they call for is done now, so that it falls
        // in neither measurement.
        await db.execute(sql`VACUUM (ANALYZE) products, product_costs`);
        return { cookies, productIds: rows.map((r) => Number(r.id)) };
      } finally {
        await close();
      }
    },
  };
}

interface Paced {
  latencies: number[];
  failures: Map<string, number>;
}

const nonePaced = (): Paced => ({ latencies: [], failures: new Map() });

/**
 * Purchases at RATE a second, each leaving when due however long the ones before take (its time counts
 * from then), until `done` says so and at least `minMs` passed; then waits for the answers, added to `paced`.
 */
async function buyAtPace(
  storeUrl: string,
  buyers: SyncBuyers,
  minMs: number,
  done: () => boolean,
  paced = nonePaced(),
) {
  const started = performance.now();
  const answers: Promise<void>[] = [];
  const browse = setInterval(() => {
    fetch(`${storeUrl}/api/v1/catalog/products?currency=BRL`).then(
      (r) => r.arrayBuffer(),
      () => {},
    );
  }, 1_000);
  for (let i = 0; performance.now() - started < minMs || !done(); i++) {
    const due = started + (i * 1_000) / RATE;
    await sleep(Math.max(0, due - performance.now()));
    const answered = fetch(`${storeUrl}/api/v1/activations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: storeUrl,
        cookie: buyers.cookies[i % buyers.cookies.length]!,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ product_id: buyers.productIds[i % buyers.productIds.length], currency: 'BRL' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).then(
      async (res) => {
        const body = await res.text();
        // A refusal by its code: "503 UPSTREAM_RETRY" says more than "503".
        return res.status === 201 ? '201' : `${res.status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? ''}`.trim();
      },
      () => 'no answer',
    );
    answers.push(
      answered.then((status) => {
        paced.latencies.push(performance.now() - due);
        if (status !== '201') paced.failures.set(status, (paced.failures.get(status) ?? 0) + 1);
      }),
    );
  }
  clearInterval(browse);
  await Promise.all(answers);
  return paced;
}

const p99 = (latencies: number[]) =>
  latencies.toSorted((a, b) => a - b)[Math.ceil(latencies.length * 0.99) - 1] ?? 0;
const failed = (p: Paced) => [...p.failures].map(([s, n]) => `${n} × ${s}`).join(', ');

/**
 * The purchases' p99 on a quiet store and while `resync` runs, by turns: `rounds` times a quiet window
 * of QUIET_ROUND_MS then one re-sync, so that a change in the machine's load falls on both alike; the
 * row comparing them.
 */
export async function measurePurchasesDuringSync(
  storeUrl: string,
  buyers: SyncBuyers,
  resync: () => Promise<unknown>,
  rounds: number,
): Promise<Check> {
  // The shelf built after the first import, and the store's purchase path warmed, not measured.
  await fetch(`${storeUrl}/api/v1/catalog/products?currency=BRL`).then((r) => r.arrayBuffer());
  await buyAtPace(storeUrl, buyers, WARM_MS, () => true);
  const [quiet, during] = [nonePaced(), nonePaced()];
  for (let r = 0; r < rounds; r++) {
    await buyAtPace(storeUrl, buyers, QUIET_ROUND_MS, () => true, quiet);
    let syncing = true;
    const synced = resync().finally(() => {
      syncing = false;
    });
    await buyAtPace(storeUrl, buyers, 0, () => !syncing, during);
    await synced;
  }
  const [q, d] = [p99(quiet.latencies), p99(during.latencies)];
  console.log(
    `purchases during a re-sync: quiet p99 ${fmt(q)} ms of ${quiet.latencies.length} (${failed(quiet) || 'all 201'}), ` +
      `during p99 ${fmt(d)} ms of ${during.latencies.length} (${failed(during) || 'all 201'})`,
  );
  return {
    name: `purchases at ${RATE}/s while the worker re-syncs, p99 (${fmt(during.latencies.length)} purchases; quiet windows between, ${fmt(quiet.latencies.length)})`,
    figure: `${fmt(d)} ms`,
    against: `quiet store ${fmt(q)} ms`,
    target: `≤ quiet + ${SYNC_PURCHASE_SLOWER * 100} %`,
    pass: quiet.failures.size === 0 && during.failures.size === 0 && d <= q * (1 + SYNC_PURCHASE_SLOWER),
  };
}
