import type { ActivationStatus } from '@numero/contract/activations';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { activations, countries, services, smsMessages } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

export type ActivationRow = typeof activations.$inferSelect;
export type NewActivation = typeof activations.$inferInsert;
export type ActivationChanges = Partial<
  Omit<NewActivation, 'id' | 'userId' | 'productId' | 'idempotencyKey' | 'createdAt'>
>;

/** States in which the customer's number is still in use (the dashboard's "active numbers"). */
export const ACTIVE_STATUSES: ActivationStatus[] = ['pending', 'waiting_sms', 'code_received'];

/** An activation with the names the screens show next to it. */
const viewColumns = {
  activation: activations,
  serviceName: sql<string>`coalesce(${services.name}, ${activations.serviceCode})`,
  serviceIcon: sql<string>`coalesce(${services.icon}, '')`,
  countryNamePt: sql<string>`coalesce(${countries.namePt}, ${activations.countryCode})`,
  countryNameEn: sql<string>`coalesce(${countries.nameEn}, ${activations.countryCode})`,
  flag: sql<string>`coalesce(${countries.flag}, '')`,
};
export type ActivationView = {
  activation: ActivationRow;
  serviceName: string;
  serviceIcon: string;
  countryNamePt: string;
  countryNameEn: string;
  flag: string;
};

/** What the poller needs to ask upstream about one activation, read when it was claimed. */
export interface ClaimedCheck {
  id: string;
  provider: string;
  upstream_id: string;
  resend_count: number;
}

/** How an activation is named in the wallet's history: "WhatsApp (BR)". */
export function activationLabel(serviceName: string, countryCode: string) {
  return `${serviceName} (${countryCode})`;
}

export function createActivationsRepository(db: Executor) {
  const view = (ex: Executor) =>
    ex
      .select(viewColumns)
      .from(activations)
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  return {
    /** Null when this user already used the idempotency key: the caller finds that activation instead. */
    async insertPending(values: NewActivation, tx: Tx): Promise<ActivationRow | null> {
      const [row] = await tx
        .insert(activations)
        .values(values)
        .onConflictDoNothing({ target: [activations.userId, activations.idempotencyKey] })
        .returning();
      return row ?? null;
    },

    async findByKey(userId: string, idempotencyKey: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(activations)
        .where(and(eq(activations.userId, userId), eq(activations.idempotencyKey, idempotencyKey)));
      return row ?? null;
    },

    /** Reads and locks the row until the transaction ends: settlement decisions are made on it. */
    async lock(id: string, tx: Tx): Promise<ActivationRow | null> {
      const [row] = await tx.select().from(activations).where(eq(activations.id, id)).for('update');
      return row ?? null;
    },

    async describe(row: Pick<ActivationRow, 'serviceCode' | 'countryCode'>, ex: Executor = db) {
      const [service] = await ex
        .select({ name: services.name })
        .from(services)
        .where(eq(services.code, row.serviceCode));
      return activationLabel(service?.name ?? row.serviceCode, row.countryCode);
    },

    async update(id: string, changes: ActivationChanges, ex: Executor = db) {
      await ex.update(activations).set(changes).where(eq(activations.id, id));
    },

    /** One of the user's activations; someone else's id gives null, exactly as an unknown one. */
    async findOwnedView(userId: string, id: string): Promise<ActivationView | null> {
      const [row] = await view(db).where(and(eq(activations.id, id), eq(activations.userId, userId)));
      return row ?? null;
    },

    /** Any customer's activation, for staff: callers check the role before they get here. */
    async findById(id: string): Promise<ActivationRow | null> {
      const [row] = await db.select().from(activations).where(eq(activations.id, id));
      return row ?? null;
    },

    async findOwned(userId: string, id: string): Promise<ActivationRow | null> {
      const [row] = await db
        .select()
        .from(activations)
        .where(and(eq(activations.id, id), eq(activations.userId, userId)));
      return row ?? null;
    },

    async listOwned(userId: string, filter: { status?: ActivationStatus; skip: number; limit: number }) {
      const where = and(
        eq(activations.userId, userId),
        filter.status ? eq(activations.status, filter.status) : undefined,
      );
      const [items, [total]] = await Promise.all([
        view(db)
          .where(where)
          .orderBy(desc(activations.createdAt), desc(activations.id))
          .offset(filter.skip)
          .limit(filter.limit),
        db.select({ n: count() }).from(activations).where(where),
      ]);
      return { items: items as ActivationView[], total: Number(total?.n ?? 0) };
    },

    async countOwned(userId: string) {
      const [row] = await db
        .select({
          total: count(),
          active: sql<number>`count(*) FILTER (WHERE ${inArray(activations.status, ACTIVE_STATUSES)})::int`,
        })
        .from(activations)
        .where(eq(activations.userId, userId));
      return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
    },

    /** SMS shown to the customer, oldest first (one arriving after a refund is kept but not shown). */
    async listDeliveredMessages(activationId: string) {
      return db
        .select({ text: smsMessages.text, code: smsMessages.code, receivedAt: smsMessages.receivedAt })
        .from(smsMessages)
        .where(and(eq(smsMessages.activationId, activationId), eq(smsMessages.delivered, true)))
        .orderBy(asc(smsMessages.attempt));
    },

    async listMessages(activationId: string) {
      return db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.activationId, activationId))
        .orderBy(asc(smsMessages.attempt));
    },

    /** Records an SMS once per attempt; returns false when that attempt's SMS was recorded before. */
    async insertMessage(values: typeof smsMessages.$inferInsert, tx: Tx): Promise<boolean> {
      const rows = await tx
        .insert(smsMessages)
        .values(values)
        .onConflictDoNothing({ target: [smsMessages.activationId, smsMessages.attempt] })
        .returning({ id: smsMessages.id });
      return rows.length > 0;
    },

    /**
     * Claims activations whose next check is due by pushing their next_check_at to `leaseUntil` in one
     * statement: other workers skip the locked rows and then see the lease, so each is asked about once.
     */
    async claimDueChecks(at: Date, leaseUntil: Date, limit: number): Promise<ClaimedCheck[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`UPDATE activations SET next_check_at = ${leaseUntil.toISOString()}::timestamptz
            WHERE id IN (
              SELECT id FROM activations
              WHERE next_check_at IS NOT NULL AND next_check_at <= ${at.toISOString()}::timestamptz
                AND status IN ('waiting_sms', 'code_received')
              ORDER BY next_check_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id, provider, upstream_id, resend_count`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        provider: String(r.provider),
        upstream_id: String(r.upstream_id),
        resend_count: Number(r.resend_count),
      }));
    },

    /** Locks activations past their 20 minutes, skipping rows another worker holds right now. */
    async lockExpired(at: Date, limit: number, tx: Tx): Promise<ActivationRow[]> {
      return tx
        .select()
        .from(activations)
        .where(
          and(
            inArray(activations.status, ['waiting_sms', 'code_received']),
            sql`${activations.expiresAt} <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(activations.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** Locks purchases left pending (no number) since before `before`: their request never finished. */
    async lockStalePending(before: Date, limit: number, tx: Tx): Promise<ActivationRow[]> {
      return tx
        .select()
        .from(activations)
        .where(
          and(
            eq(activations.status, 'pending'),
            sql`${activations.createdAt} <= ${before.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(activations.createdAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
  };
}
export type ActivationsRepository = ReturnType<typeof createActivationsRepository>;
