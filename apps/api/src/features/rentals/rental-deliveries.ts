import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import type { WebhookPolicy } from '../../lib/webhook-address.ts';
import { smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import type { MessageRow, RentalRow } from './rentals.repository.ts';

const LEASE_MS = 60_000;
const BATCH = 50;

/**
 * A POST per SMS of a rental: to the customer's signed webhook (the key the rental was made with, or
 * for a rental made on the website their newest key with a webhook) and to the rental's own `url`
 * (the protocol's getRentNumber `url`). Written in the SMS's transaction, delivered and retried by a
 * periodic task with the reseller webhooks' delays and signature.
 */
/** How a signed POST is made and retried: the reseller webhooks' sender, handed over by app.ts. */
export interface WebhookSender {
  send(
    delivery: { id: string; url: string; secret: string; payload: string },
    policy: WebhookPolicy,
    at: Date,
  ): Promise<{ ok: true; status: number } | { ok: false; status: number | null; error: string }>;
  retryDelaysMs: readonly number[];
}

export function createRentalDeliveries(deps: {
  sender: WebhookSender;
  db: Db;
  policy: WebhookPolicy;
  now: () => Date;
  log?: { warn(o: object, m: string): void };
}) {
  const { db, now } = deps;

  /** The key whose webhook hears of this rental's SMS, with its secret; null when none. */
  async function keyOf(row: RentalRow, tx: Tx) {
    const [key] = await queryRows<{ id: string; webhook_url: string | null }>(
      tx,
      sql`SELECT id, webhook_url FROM api_keys
          WHERE user_id = ${row.userId} AND revoked_at IS NULL
            AND (id = ${row.apiKeyId} OR (${row.apiKeyId}::uuid IS NULL AND webhook_url IS NOT NULL))
          ORDER BY created_at DESC LIMIT 1`,
    );
    return key ?? null;
  }

  async function enqueue(tx: Tx, row: RentalRow, sms: MessageRow): Promise<void> {
    const key = await keyOf(row, tx);
    // The rental's url gets exactly the protocol's fields; the customer's webhook the code picked out too.
    const fields = {
      rentId: row.publicId,
      number: row.phoneNumber,
      text: sms.text,
      service: smsActivateServiceCode(row.serviceCode),
      date: sms.receivedAt.toISOString().replace('T', ' ').slice(0, 19),
    };
    const payloads = { url: JSON.stringify(fields), key: JSON.stringify({ ...fields, code: sms.code }) };
    const at = sms.receivedAt > now() ? now() : sms.receivedAt;
    const targets: { target: 'key' | 'url'; url: string | null }[] = [];
    if (key?.webhook_url) targets.push({ target: 'key', url: null });
    if (row.callbackUrl) targets.push({ target: 'url', url: row.callbackUrl });
    for (const t of targets)
      await tx.execute(
        sql`INSERT INTO rental_deliveries (message_id, target, api_key_id, url, payload, next_attempt_at, created_at)
            VALUES (${sms.id}, ${t.target}, ${key?.id ?? null}, ${t.url}, ${payloads[t.target]}, ${at}, ${at})
            ON CONFLICT (message_id, target) DO NOTHING`,
      );
  }

  async function deliverDue(): Promise<number> {
    const at = now();
    // Claimed by pushing the next attempt past a lease: another worker skips the locked rows, then the lease.
    const claimed = await queryRows<{
      id: string;
      payload: string;
      attempts: number;
      url: string | null;
      key_url: string | null;
      secret: string | null;
    }>(
      db,
      sql`WITH due AS (
            SELECT id FROM rental_deliveries WHERE status = 'pending' AND next_attempt_at <= ${at}
            ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          UPDATE rental_deliveries d SET next_attempt_at = ${new Date(at.getTime() + LEASE_MS)}
          FROM due WHERE d.id = due.id
          RETURNING d.id, d.payload, d.attempts, d.url,
            (SELECT k.webhook_url FROM api_keys k WHERE k.id = d.api_key_id AND k.revoked_at IS NULL) AS key_url,
            (SELECT k.webhook_secret FROM api_keys k WHERE k.id = d.api_key_id AND k.revoked_at IS NULL) AS secret`,
    );
    await forEachLimited(claimed, 8, async (d) => {
      const url = d.url ?? d.key_url;
      const attempts = Number(d.attempts) + 1;
      // The rental's url is signed with the renting key's secret when it has one, so it can be checked.
      const result = url
        ? await deps.sender.send(
            { id: d.id, url, secret: d.secret ?? '', payload: d.payload },
            deps.policy,
            at,
          )
        : ({ ok: false, error: 'no webhook on the key' } as const);
      const delay = result.ok || !url ? undefined : deps.sender.retryDelaysMs[attempts - 1];
      const status = result.ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
      if (!result.ok)
        deps.log?.warn({ delivery: d.id, attempts, error: result.error }, 'rental SMS delivery failed');
      await db.execute(
        sql`UPDATE rental_deliveries SET status = ${status}, attempts = ${attempts},
              next_attempt_at = ${new Date(at.getTime() + (delay ?? 0))},
              last_error = ${result.ok ? null : result.error} WHERE id = ${d.id}`,
      );
    });
    return claimed.length;
  }

  return { enqueue, deliverDue };
}
export type RentalDeliveries = ReturnType<typeof createRentalDeliveries>;
