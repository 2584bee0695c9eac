import type { Currency } from '@numero/contract/common';
import { sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';
import {
  createActivationsUseCases,
  customerActivations,
} from '../features/activations/activations.module.ts';
import { createActivationsRepository } from '../features/activations/activations.repository.ts';
import type { ActivationsDeps } from '../features/activations/activations-deps.ts';
import { createCatalogRepository } from '../features/catalog/catalog.repository.ts';
import { createCatalogService } from '../features/catalog/catalog.service.ts';
import { createProductsRepository } from '../features/catalog/products.repository.ts';
import { createTrackRecordRepository } from '../features/catalog/track-record.repository.ts';
import { createTrackRecords } from '../features/catalog/track-record.ts';
import { createLedgerRepository } from '../features/ledger/ledger.repository.ts';
import { createLedgerService, flows } from '../features/ledger/ledger.service.ts';
import { createRateLimiter, type RateLimitRule } from '../http/rate-limit.ts';
import type { NumberProvider, UpstreamStatus } from '../providers/numbers/number-provider.ts';
import { createSimulatorProvider } from '../providers/numbers/simulator.ts';
import { createClock } from './helpers.ts';
import { createSeededTestDatabase } from './test-database.ts';

export const MINUTE = 60_000;

/**
 * Every activations use case under one handle, built as activations.module.ts builds them, so a test reads
 * as the customer, staff, a seller's push or a background task acting on the same activations.
 */
export function activationsOn(deps: ActivationsDeps) {
  const useCases = createActivationsUseCases(deps);
  const { staff, tracking } = useCases;
  return {
    ...customerActivations(useCases),
    summary: useCases.queries.summary,
    adminCancel: staff.adminCancel,
    adminFinish: staff.adminFinish,
    checkDue: tracking.checkDue,
    expireDue: tracking.expireDue,
    recoverStale: tracking.recoverStale,
    receiveSms: useCases.inbound.receiveSms,
  };
}
export type TestActivations = ReturnType<typeof activationsOn>;

/** For tests only: activations wired on a test database, with the clock and the sellers under control. */
export function buildActivations(
  database: Database,
  opts: {
    now: () => Date;
    providers: NumberProvider[];
    purchaseLimit?: RateLimitRule;
    rateLimited?: boolean;
  },
) {
  const { db } = database;
  const ledger = createLedgerService({ repository: createLedgerRepository(db) });
  const catalog = createCatalogService({
    repository: createCatalogRepository(db),
    products: createProductsRepository(db),
    trackRecords: createTrackRecords({ repository: createTrackRecordRepository(db), now: opts.now }),
  });
  const activations = activationsOn({
    db,
    repository: createActivationsRepository(db),
    ledger,
    catalog,
    providers: opts.providers,
    now: opts.now,
    rateLimiter: opts.rateLimited === false ? undefined : createRateLimiter(db, opts.now),
    purchaseLimit: opts.purchaseLimit,
  });
  return { activations, ledger, catalog };
}

let users = 0;
export async function insertUser(database: Database, prefix = 'buyer'): Promise<string> {
  const email = `${prefix}-${++users}-${Date.now()}@numero.test`;
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO users (email) VALUES (${email}) RETURNING id`,
  );
  return row!.id;
}

export async function topUp(
  database: Database,
  ledger: ReturnType<typeof createLedgerService>,
  userId: string,
  amount: number,
  currency: Currency = 'BRL',
) {
  await database.db.transaction((tx) =>
    ledger.transfer(tx, {
      idempotencyKey: `test-topup:${userId}:${Math.random()}`,
      kind: 'topup',
      currency,
      userId,
      description: 'test top-up',
      legs: flows.topup(userId, amount),
    }),
  );
}

export async function productId(database: Database, sku: string): Promise<{ id: number; price: number }> {
  const [row] = await queryRows<{ id: number; price_brl: string }>(
    database.db,
    sql`SELECT id, price_brl FROM products WHERE sku = ${sku}`,
  );
  return { id: Number(row!.id), price: Number(row!.price_brl) };
}

/** Money held for activations of every user (escrow) and earned (revenue), per currency. */
export async function systemBalances(database: Database, currency: Currency = 'BRL') {
  const rows = await queryRows<{ kind: string; balance: string }>(
    database.db,
    sql`SELECT kind, balance FROM ledger_accounts WHERE kind IN ('escrow', 'revenue') AND currency = ${currency}`,
  );
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.balance ?? 0);
  return { escrow: of('escrow'), revenue: of('revenue') };
}

export async function settlementTransfers(database: Database, activationId: string) {
  return queryRows<{ kind: string; amount: string }>(
    database.db,
    sql`SELECT kind, amount FROM ledger_transfers WHERE reference = ${`activation:${activationId}`} ORDER BY id`,
  );
}

/** The simulator on the test's clock, always sending its SMS after exactly `delayMs`. */
export function simulatorAt(now: () => Date, delayMs = 10_000, noSmsRate = 0) {
  return createSimulatorProvider({
    minDelayMs: delayMs,
    maxDelayMs: delayMs,
    noSmsRate,
    now: () => now().getTime(),
  });
}

/**
 * A scriptable upstream seller: a test double for the outside system. Each behaviour can be replaced;
 * by default it sells a number and then waits forever for an SMS.
 */
export function stubProvider(name = 'stub', overrides: Partial<NumberProvider> = {}) {
  let n = 0;
  const calls: string[] = [];
  const provider: NumberProvider = {
    name,
    async requestNumber(req) {
      calls.push(`requestNumber:${req.service}:${req.country}`);
      n++;
      return { upstreamId: `${name}-${n}`, phoneNumber: `55119${String(n).padStart(8, '0')}` };
    },
    async getStatus(id): Promise<UpstreamStatus> {
      calls.push(`getStatus:${id}`);
      return { state: 'waiting' };
    },
    async requestAnotherSms(id) {
      calls.push(`requestAnotherSms:${id}`);
    },
    async cancel(id) {
      calls.push(`cancel:${id}`);
    },
    async finish(id) {
      calls.push(`finish:${id}`);
    },
    async getStock() {
      return 100;
    },
    ...overrides,
  };
  return { provider, calls };
}

/** A promise with its resolve exposed, to hold a stubbed upstream call until the test lets it go. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * The set-up of one file of activations service tests, called inside its describe(): a database of its
 * own, the simulator sending every SMS 10 s after the sale, and a clock that moves only when told.
 */
export async function activationsTestBed() {
  const database = await createSeededTestDatabase();
  afterAll(() => database.close());
  // Every purchase lowers the shown stock; these tests buy more than the demo catalogue holds.
  await database.db.execute(sql`UPDATE products SET stock = 100000`);

  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { activations, ledger } = buildActivations(database, {
    now: clock.now,
    providers: [simulatorAt(clock.now, 10_000)],
  });
  const wa = await productId(database, 'WA-BR');
  let keys = 0;
  const key = () => `test-key-${++keys}-${Date.now()}`;

  return {
    database,
    clock,
    activations,
    ledger,
    wa,
    key,

    /** A new customer with `balance` BRL in the wallet. */
    async customer(balance = 10_000) {
      const userId = await insertUser(database);
      if (balance > 0) await topUp(database, ledger, userId, balance);
      return userId;
    },

    /** The service on other sellers, over the same database and clock. */
    serviceOn: (...providers: NumberProvider[]): TestActivations =>
      buildActivations(database, { now: clock.now, providers }).activations,

    /** Buys in BRL: WhatsApp Brazil with a new key from the simulator unless told otherwise. */
    buy: (
      userId: string,
      {
        product = wa.id,
        idempotencyKey = key(),
        service = activations,
      }: { product?: number; idempotencyKey?: string; service?: TestActivations } = {},
    ) => service.purchase({ userId, productId: product, currency: 'BRL', idempotencyKey }),

    /** The ledger adds up, and an activation is settled exactly when it has a capture or refund transfer. */
    async expectBalancedBooks() {
      expect(await ledger.verify()).toEqual([]);
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM activations a WHERE (a.settled IS NOT NULL) <> EXISTS (
          SELECT 1 FROM ledger_transfers t WHERE t.reference = 'activation:' || a.id AND t.kind IN ('capture', 'refund'))`,
      );
      expect(row!.n).toBe(0);
    },
  };
}
