import type { ActivationStatus } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { activations, countries, services, smsMessages } from '../../db/schema/index.ts';
import { namedStatement } from '../../db/sql.ts';

export type ActivationRow = typeof activations.$inferSelect;
export type NewActivation = typeof activations.$inferInsert;
export type ActivationChanges = Partial<
  Omit<NewActivation, 'id' | 'userId' | 'productId' | 'idempotencyKey' | 'createdAt'>
>;

/** What a purchase writes before asking upstream for a number. */
export interface PendingPurchase {
  id: string;
  userId: string;
  productId: number;
  serviceCode: string;
  countryCode: string;
  currency: Currency;
  price: number;
  idempotencyKey: string;
  /** The operator asked for, when one was; null: any. */
  operator: string | null;
  at: Date;
}

export interface AssignedNumber {
  provider: string;
  upstreamId: string;
  phoneNumber: string;
  /** The operator the number was bought with; null: any. */
  operator: string | null;
  assignedAt: Date;
  expiresAt: Date;
  nextCheckAt: Date;
}

/** States in which the customer's number is still in use (the dashboard's "active numbers"). */
export const ACTIVE_STATUSES: ActivationStatus[] = ['pending', 'waiting_sms', 'code_received'];

/** An activation with the names the screens show next to it. */
const viewColumns = {
  activation: activations,
  serviceName: sql<string>`coalesce(${services.name}, ${activations.serviceCode})`,
  countryNamePt: sql<string>`coalesce(${countries.namePt}, ${activations.countryCode})`,
  countryNameEn: sql<string>`coalesce(${countries.nameEn}, ${activations.countryCode})`,
};
export type ActivationView = {
  activation: ActivationRow;
  serviceName: string;
  countryNamePt: string;
  countryNameEn: string;
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
  const findByKeyPrepared = db
    .select()
    .from(activations)
    .where(
      and(
        eq(activations.userId, sql.placeholder('userId')),
        eq(activations.idempotencyKey, sql.placeholder('idempotencyKey')),
      ),
    )
    .prepare('activation_by_key');
  const insertPendingStatement = namedStatement(
    'activation_insert_pending',
    db
      .insert(activations)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        productId: sql.placeholder('productId'),
        serviceCode: sql.placeholder('serviceCode'),
        countryCode: sql.placeholder('countryCode'),
        currency: sql.placeholder('currency'),
        price: sql.placeholder('price'),
        idempotencyKey: sql.placeholder('idempotencyKey'),
        operator: sql.placeholder('operator'),
        status: 'pending',
        createdAt: sql.placeholder('at'),
        updatedAt: sql.placeholder('at'),
      })
      .onConflictDoNothing({ target: [activations.userId, activations.idempotencyKey] })
      .returning({ id: activations.id }),
  );
  // `set` takes no placeholders of its own: each value is SQL around one, the times given as ISO text.
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const time = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
  const assignNumberPrepared = db
    .update(activations)
    .set({
      provider: value('provider'),
      upstreamId: value('upstreamId'),
      phoneNumber: value('phoneNumber'),
      operator: value('operator'),
      assignedAt: time('assignedAt'),
      expiresAt: time('expiresAt'),
      nextCheckAt: time('nextCheckAt'),
      status: 'waiting_sms',
      updatedAt: time('assignedAt'),
    })
    .where(and(eq(activations.id, sql.placeholder('id')), eq(activations.status, 'pending')))
    .returning()
    .prepare('activation_assign_number');
  const view = (ex: Executor) =>
    ex
      .select(viewColumns)
      .from(activations)
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  return {
    /**
     * A new purchase, pending; false when this user already used the idempotency key (the caller finds that
     * activation instead). A named statement: its columns are always these, whatever the caller passes.
     * Only the id comes back: the purchase answers with the row its number is assigned in.
     */
    async insertPending(p: PendingPurchase, tx: Tx): Promise<boolean> {
      const rows = await insertPendingStatement(tx, { ...p });
      return rows.length > 0;
    },

    async findIdByPublicId(userId: string, publicId: number): Promise<string | null> {
      const [row] = await db
        .select({ id: activations.id })
        .from(activations)
        .where(and(eq(activations.userId, userId), eq(activations.publicId, publicId)));
      return row?.id ?? null;
    },

    /** The purchase a customer made with this idempotency key, if any: asked when a purchase stops short. */
    async findByKey(userId: string, idempotencyKey: string) {
      const [row] = await findByKeyPrepared.execute({ userId, idempotencyKey });
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

    /**
     * Gives a purchase still pending its number (its row locked by the update itself); its row as it now
     * is, or null when it is pending no more. A named statement, of fixed columns.
     */
    async assignNumber(id: string, n: AssignedNumber) {
      const [row] = await assignNumberPrepared.execute({
        id,
        provider: n.provider,
        upstreamId: n.upstreamId,
        phoneNumber: n.phoneNumber,
        operator: n.operator,
        assignedAt: n.assignedAt.toISOString(),
        expiresAt: n.expiresAt.toISOString(),
        nextCheckAt: n.nextCheckAt.toISOString(),
      });
      return row ?? null;
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

    /** The user's latest activation on this number for one of the services (5sim's reuse names a number). */
    async findLatestOnNumber(userId: string, phoneNumber: string, serviceCodes: readonly string[]) {
      if (serviceCodes.length === 0) return null;
      const [row] = await db
        .select({ id: activations.id })
        .from(activations)
        .where(
          and(
            eq(activations.userId, userId),
            eq(activations.phoneNumber, phoneNumber),
            inArray(activations.serviceCode, [...serviceCodes]),
          ),
        )
        .orderBy(desc(activations.createdAt))
        .limit(1);
      return row?.id ?? null;
    },
  };
}
export type ActivationsRepository = ReturnType<typeof createActivationsRepository>;
