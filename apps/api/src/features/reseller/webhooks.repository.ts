import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { activations, apiKeys, resellerActivations, webhookDeliveries } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery claimed for one attempt, with where and how to sign it as the key says now. */
export interface ClaimedDelivery {
  id: string;
  payload: string;
  attempts: number;
  url: string | null;
  secret: string | null;
}

/** The SQL of webhook deliveries and of which key bought which activation. */
export function createWebhooksRepository(db: Executor) {
  return {
    /** Remembers the key a protocol purchase was made with; a retried purchase changes nothing. */
    async rememberKey(activationId: string, apiKeyId: string): Promise<void> {
      await db.insert(resellerActivations).values({ activationId, apiKeyId }).onConflictDoNothing();
    },

    /** The key with a webhook that bought this activation, and what the payload names; null when none. */
    async webhookTarget(activationId: string, tx: Tx) {
      const [row] = await tx
        .select({
          apiKeyId: apiKeys.id,
          publicId: activations.publicId,
          serviceCode: activations.serviceCode,
          countryCode: activations.countryCode,
        })
        .from(resellerActivations)
        .innerJoin(apiKeys, eq(apiKeys.id, resellerActivations.apiKeyId))
        .innerJoin(activations, eq(activations.id, resellerActivations.activationId))
        .where(
          and(
            eq(resellerActivations.activationId, activationId),
            isNotNull(apiKeys.webhookUrl),
            isNull(apiKeys.revokedAt),
          ),
        );
      return row ?? null;
    },

    /** One event per SMS: the same SMS recorded twice is announced once. */
    async enqueue(values: typeof webhookDeliveries.$inferInsert, tx: Tx): Promise<void> {
      await tx
        .insert(webhookDeliveries)
        .values(values)
        .onConflictDoNothing({ target: [webhookDeliveries.activationId, webhookDeliveries.smsAttempt] });
    },

    /**
     * Claims due deliveries by pushing their next attempt to `leaseUntil` in one statement: other
     * workers skip the locked rows and then see the lease, so each attempt is made by one worker.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`UPDATE webhook_deliveries d SET next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
            FROM api_keys k
            WHERE k.id = d.api_key_id AND d.id IN (
              SELECT id FROM webhook_deliveries
              WHERE status = 'pending' AND next_attempt_at <= ${at.toISOString()}::timestamptz
              ORDER BY next_attempt_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING d.id, d.payload, d.attempts,
              CASE WHEN k.revoked_at IS NULL THEN k.webhook_url END AS url, k.webhook_secret AS secret`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        payload: String(r.payload),
        attempts: Number(r.attempts),
        url: r.url == null ? null : String(r.url),
        secret: r.secret == null ? null : String(r.secret),
      }));
    },

    /** The outcome of one attempt. */
    async recordAttempt(
      id: string,
      values: Pick<
        typeof webhookDeliveries.$inferInsert,
        'status' | 'attempts' | 'nextAttemptAt' | 'lastUrl' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
      >,
    ): Promise<void> {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
    },

    /** A key's deliveries, newest first, with the activation's public id. */
    async listForKey(apiKeyId: string, page: { skip: number; limit: number }) {
      const where = eq(webhookDeliveries.apiKeyId, apiKeyId);
      const [items, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, publicId: activations.publicId })
          .from(webhookDeliveries)
          .innerJoin(activations, eq(activations.id, webhookDeliveries.activationId))
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .offset(page.skip)
          .limit(page.limit),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
