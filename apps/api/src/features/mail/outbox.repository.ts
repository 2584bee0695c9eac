import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = Pick<
  typeof mailOutbox.$inferInsert,
  'userId' | 'toAddress' | 'template' | 'subject' | 'textBody' | 'htmlBody' | 'status' | 'createdAt'
>;

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createOutboxRepository(db: Executor) {
  return {
    async insert(row: NewOutboxRow, ex: Executor = db): Promise<OutboxRow> {
      const [inserted] = await ex
        .insert(mailOutbox)
        .values({ ...row, nextAttemptAt: row.createdAt })
        .returning();
      return inserted!;
    },

    /**
     * Claims up to `limit` queued messages that are due and not held by another sender. The claim is a
     * lease (`claimed_until`): a sender that dies mid-send leaves its rows to be retried after it.
     */
    async claimDue(at: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
      return db
        .update(mailOutbox)
        .set({ claimedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(
          sql`${mailOutbox.id} IN (SELECT id FROM mail_outbox WHERE status = 'queued'
            AND next_attempt_at <= ${iso(at)}
            AND (claimed_until IS NULL OR claimed_until <= ${iso(at)})
            ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
        )
        .returning();
    },

    async markSent(id: string, at: Date): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: at, claimedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    async markFailed(id: string, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt, claimedUntil: null, lastError: error.slice(0, 500) })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
    },

    /** The newest messages, for the demo's outbox page: to one account when `userId` is given. */
    async listRecent(limit: number, userId?: string): Promise<OutboxRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(userId === undefined ? undefined : eq(mailOutbox.userId, userId))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
