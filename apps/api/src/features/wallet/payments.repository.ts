import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { payments, webhookEvents } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentChanges = Partial<
  Pick<
    PaymentRow,
    | 'status'
    | 'providerRef'
    | 'pixCopyPaste'
    | 'pixQr'
    | 'boletoLine'
    | 'boletoUrl'
    | 'checkoutUrl'
    | 'clientSecret'
    | 'failureReason'
    | 'expiresAt'
    | 'creditedAt'
    | 'checkedAt'
  >
> & { updatedAt: Date };

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createPaymentsRepository(db: Executor) {
  return {
    async insert(values: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },

    async findById(id: string, ex: Executor = db): Promise<PaymentRow | null> {
      const [row] = await ex.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    /** Someone else's payment reads as no payment at all. */
    async findOwned(id: string, userId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.userId, userId)));
      return row ?? null;
    },

    /**
     * A payer's PIX and boleto charges still open at `at` (pending and not yet expired), newest first:
     * what they can still pay, after a reload or from another tab.
     */
    async listOpenOwned(
      userId: string,
      at: Date,
      page: { skip: number; limit: number },
    ): Promise<{ items: PaymentRow[]; total: number }> {
      const open = and(
        eq(payments.userId, userId),
        eq(payments.status, 'pending'),
        eq(payments.kind, 'charge'),
        inArray(payments.method, ['pix', 'boleto']),
        gt(payments.expiresAt, at),
      );
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(open)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .offset(page.skip)
          .limit(page.limit),
        db.select({ total: count() }).from(payments).where(open),
      ]);
      return { items, total: counted?.total ?? 0 };
    },

    async findByRef(provider: string, providerRef: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider as PaymentRow['provider']),
            eq(payments.providerRef, providerRef),
          ),
        );
      return row ?? null;
    },

    /** The row locked until the caller's transaction ends: settlement happens only under this lock. */
    async lock(id: string, tx: Tx): Promise<PaymentRow | null> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      return row ?? null;
    },

    async update(id: string, changes: PaymentChanges, ex: Executor = db): Promise<PaymentRow | null> {
      const [row] = await ex.update(payments).set(changes).where(eq(payments.id, id)).returning();
      return row ?? null;
    },

    /** Records what the provider answered at creation; only once, while no reference is attached. */
    async attachCharge(id: string, changes: PaymentChanges): Promise<PaymentRow | null> {
      const [row] = await db
        .update(payments)
        .set(changes)
        .where(and(eq(payments.id, id), isNull(payments.providerRef), eq(payments.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /**
     * Claims the right to ask the provider about one pending payment now, unless someone asked less than
     * `minIntervalMs` ago: many browsers polling one payment still cost one provider call per interval.
     */
    async claimCheck(id: string, at: Date, minIntervalMs: number): Promise<PaymentRow | null> {
      const cutoff = new Date(at.getTime() - minIntervalMs);
      const [row] = await db
        .update(payments)
        .set({ checkedAt: at })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.status, 'pending'),
            sql`${payments.providerRef} IS NOT NULL`,
            sql`(${payments.checkedAt} IS NULL OR ${payments.checkedAt} <= ${iso(cutoff)})`,
          ),
        )
        .returning();
      return row ?? null;
    },

    /**
     * Claims a batch of pending payments older than `minAgeMs` and not asked about for `recheckMs`.
     * SKIP LOCKED lets several processes sweep at once without taking the same rows.
     */
    async claimDue(at: Date, minAgeMs: number, recheckMs: number, limit: number): Promise<PaymentRow[]> {
      const createdBefore = new Date(at.getTime() - minAgeMs);
      const checkedBefore = new Date(at.getTime() - recheckMs);
      return db
        .update(payments)
        .set({ checkedAt: at })
        .where(
          sql`${payments.id} IN (SELECT id FROM payments WHERE status = 'pending' AND provider_ref IS NOT NULL
            AND created_at <= ${iso(createdBefore)}
            AND (checked_at IS NULL OR checked_at <= ${iso(checkedBefore)})
            ORDER BY checked_at NULLS FIRST, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
        )
        .returning();
    },

    /** Payments whose provider call never completed (a crash or a failure in between): nobody can pay them. */
    async failOrphans(at: Date, olderThanMs: number): Promise<number> {
      const rows = await db
        .update(payments)
        .set({ status: 'failed', failureReason: 'not_created', updatedAt: at })
        .where(
          and(
            eq(payments.status, 'pending'),
            isNull(payments.providerRef),
            sql`${payments.createdAt} <= ${iso(new Date(at.getTime() - olderThanMs))}`,
          ),
        )
        .returning({ id: payments.id });
      return rows.length;
    },

    /** Stores an event once per (provider, event id); says whether it is new and whether it was handled. */
    async recordEvent(
      provider: string,
      eventId: string,
      payload: unknown,
      at: Date,
    ): Promise<{ inserted: boolean; processed: boolean }> {
      const [inserted] = await db
        .insert(webhookEvents)
        .values({ provider, eventId, payload, receivedAt: at })
        .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
        .returning({ id: webhookEvents.id });
      if (inserted) return { inserted: true, processed: false };
      const [existing] = await db
        .select({ processedAt: webhookEvents.processedAt })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
      return { inserted: false, processed: Boolean(existing?.processedAt) };
    },

    async markEventProcessed(provider: string, eventId: string, at: Date, ex: Executor = db): Promise<void> {
      await ex
        .update(webhookEvents)
        .set({ processedAt: at })
        .where(
          and(
            eq(webhookEvents.provider, provider),
            eq(webhookEvents.eventId, eventId),
            isNull(webhookEvents.processedAt),
          ),
        );
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
