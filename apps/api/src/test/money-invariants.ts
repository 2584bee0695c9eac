import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/sql.ts';

const CAPTURED = ['code_received', 'finished'];
const REFUNDED = ['cancelled', 'expired', 'failed'];
const OPEN = ['pending', 'waiting_sms'];

/**
 * The money rules checked from the rows themselves, not from the ledger's own bookkeeping:
 * - every activation was paid for once, and is captured or refunded at most once, as its status says;
 * - escrow holds exactly the prices of the activations still open;
 * - every paid top-up was credited once, and nothing else was;
 * - each customer's wallet holds what they were given, plus paid top-ups, minus what was captured and
 *   what is still in escrow. The sum of the differences is the money lost (or made up).
 * Customers are the wallets given `startCents` by a staff adjustment (BRL only).
 */
export async function checkMoney(database: Pick<Database, 'db'>, startCents: number) {
  const problems: string[] = [];
  let checked = 0;
  const activations = await queryRows<{
    id: string;
    user_id: string;
    status: string;
    price: string;
    purchases: string;
    captures: string;
    refunds: string;
  }>(
    database.db,
    sql`SELECT a.id, a.user_id, a.status, a.price::text,
      (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':purchase')::text AS purchases,
      (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':capture')::text AS captures,
      (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'activation:' || a.id || ':refund')::text AS refunds
    FROM activations a WHERE a.currency = 'BRL'`,
  );
  let openCents = 0;
  const spent = new Map<string, number>();
  for (const a of activations) {
    const [p, c, r] = [Number(a.purchases), Number(a.captures), Number(a.refunds)];
    const expected = CAPTURED.includes(a.status)
      ? [1, 1, 0]
      : REFUNDED.includes(a.status)
        ? [1, 0, 1]
        : [1, 0, 0];
    checked++;
    if (p !== expected[0] || c !== expected[1] || r !== expected[2])
      problems.push(`activation ${a.id} (${a.status}): ${p} purchase, ${c} capture, ${r} refund`);
    if (OPEN.includes(a.status)) openCents += Number(a.price);
    if (!REFUNDED.includes(a.status)) spent.set(a.user_id, (spent.get(a.user_id) ?? 0) + Number(a.price));
  }

  const [escrow] = await queryRows<{ balance: string }>(
    database.db,
    sql`SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts WHERE kind = 'escrow' AND currency = 'BRL'`,
  );
  checked++;
  if (Number(escrow?.balance) !== openCents)
    problems.push(`escrow holds ${escrow?.balance}, open activations cost ${openCents}`);

  const payments = await queryRows<{
    id: string;
    user_id: string;
    status: string;
    amount: string;
    credits: string;
  }>(
    database.db,
    sql`SELECT p.id, p.user_id, p.status, p.amount::text,
      (SELECT count(*) FROM ledger_transfers t WHERE t.idempotency_key = 'payment:' || p.id || ':credit')::text AS credits
    FROM payments p WHERE p.currency = 'BRL'`,
  );
  const toppedUp = new Map<string, number>();
  for (const p of payments) {
    checked++;
    const credits = Number(p.credits);
    if (credits !== (p.status === 'paid' ? 1 : 0))
      problems.push(`payment ${p.id} (${p.status}) credited ${credits} times`);
    if (p.status === 'paid') toppedUp.set(p.user_id, (toppedUp.get(p.user_id) ?? 0) + Number(p.amount));
  }

  const wallets = await queryRows<{ user_id: string; balance: string }>(
    database.db,
    sql`SELECT w.user_id, w.balance::text FROM ledger_accounts w
      WHERE w.kind = 'wallet' AND w.currency = 'BRL'
        AND EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.kind = 'adjustment' AND t.user_id = w.user_id)`,
  );
  let moneyLost = 0;
  for (const w of wallets) {
    checked++;
    const expected = startCents + (toppedUp.get(w.user_id) ?? 0) - (spent.get(w.user_id) ?? 0);
    const diff = expected - Number(w.balance);
    if (diff !== 0) problems.push(`wallet of ${w.user_id} holds ${w.balance}, expected ${expected}`);
    moneyLost += Math.abs(diff);
  }
  return { problems, checked, moneyLost };
}
