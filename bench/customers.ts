// The buyers of the purchase benchmark, written straight into the store's database: a thousand argon2
// sign-ups would take longer than the measurement. Users and sessions are plain rows (a session is the
// SHA-256 of the cookie's token, as the store keeps it); the wallets are credited through the store's own
// ledger service, so every top-up is a balanced transfer that `npm run ledger:verify` accepts.
// On PGlite this runs while no store process holds the folder.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/sql.ts';
import { createLedgerRepository } from '../apps/api/src/features/ledger/ledger.repository.ts';
import { createLedgerService, flows } from '../apps/api/src/features/ledger/ledger.service.ts';
import { createSimulatorProvider } from '../apps/api/src/providers/numbers/simulator.ts';
import { type BenchDatabase, root } from './processes.ts';

export interface Buyers {
  /** One `numero_session=…` cookie per customer. */
  cookies: string[];
  /** The products on sale that the simulator has plenty of, their stock raised for the run. */
  productIds: number[];
}

const WALLET_CENTS = 10_000_000;
const MIN_UPSTREAM_STOCK = 200;

async function open(database: BenchDatabase) {
  return openDatabase({
    databaseUrl: database.env.DATABASE_URL || undefined,
    dataDir: database.env.DATA_DIR,
  });
}

export async function createBuyers(database: BenchDatabase, count: number): Promise<Buyers> {
  const { db, close } = await open(database);
  try {
    const run = `${Date.now()}`;
    const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
    const users = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO users (email)
          SELECT 'bench-buyer-' || ${run} || '-' || n || '@numero.test' FROM generate_series(1, ${count}) AS n
          RETURNING id`,
    );
    const ids = users.map((u) => u.id);
    await db.execute(
      sql`INSERT INTO sessions (token_hash, user_id, expires_at)
          SELECT h, u, now() + interval '1 day'
          FROM unnest(${`{${hashes.join(',')}}`}::text[], ${`{${ids.join(',')}}`}::uuid[]) AS t(h, u)`,
    );
    const ledger = createLedgerService({ repository: createLedgerRepository(db) });
    for (const id of ids)
      await db.transaction((tx) =>
        ledger.transfer(tx, {
          idempotencyKey: `bench-topup:${id}`,
          kind: 'topup',
          currency: 'BRL',
          userId: id,
          description: 'bench top-up',
          legs: flows.topup(id, WALLET_CENTS),
        }),
      );
    // The purchase's other side exists before the first purchase, for the store and the ceiling alike.
    await createLedgerRepository(db).ensureAccount('escrow', null, 'BRL');
    const products = await queryRows<{ id: number; service_code: string; country_code: string }>(
      db,
      sql`SELECT p.id, p.service_code, p.country_code FROM products p JOIN services s ON s.code = p.service_code
          JOIN countries c ON c.code = p.country_code
          WHERE p.is_active AND s.is_active AND c.is_active AND p.price_brl > 0
          ORDER BY p.id`,
    );
    // Only what the simulator sells in numbers: it answers NO_NUMBERS for the rest, and the store's stock
    // sync (every 5 minutes) may bring a product back to the simulator's count in the middle of a run.
    const simulator = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });
    const productIds: number[] = [];
    for (const p of products)
      if ((await simulator.getStock(p.service_code, p.country_code)) >= MIN_UPSTREAM_STOCK)
        productIds.push(Number(p.id));
    if (productIds.length === 0) throw new Error('No product on sale to buy: was the demo catalogue seeded?');
    // The per-customer purchase limit (10 a minute) would refuse a long run's later rounds: raised to its
    // highest allowed value, as staff can in the settings. Every purchase lowers the shown stock.
    await db.execute(
      sql`INSERT INTO settings (key, value) VALUES ('store.purchase_limit_per_minute', '1000'::jsonb)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
    );
    await db.execute(
      sql`UPDATE products SET stock = 1000000 WHERE id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    console.log(`${count} buyers written; they buy ${productIds.length} products in turn`);
    return { cookies: tokens.map((t) => `numero_session=${t}`), productIds };
  } finally {
    await close();
  }
}

/** `npm run ledger:verify` on the bench's database, with the store stopped on PGlite: its verdict. */
export async function verifyLedger(database: BenchDatabase): Promise<{ ok: boolean; text: string }> {
  const r = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
    cwd: root,
    env: { ...process.env, ...database.env },
    encoding: 'utf8',
  });
  const text = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(0, 6).join(' ');
  return { ok: r.status === 0, text };
}
