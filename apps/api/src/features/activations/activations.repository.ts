import type { ActivationStatus, OrderPaymentStatus } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { activations, countries, services, smsMessages, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

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
  at: Date;
}

export interface AssignedNumber {
  provider: string;
  upstreamId: string;
  phoneNumber: string;
  assignedAt: Date;
  expiresAt: Date;
  nextCheckAt: Date;
}

/** States in which the customer's number is still in use (the dashboard's "active numbers"). */
export const ACTIVE_STATUSES: ActivationStatus[] = ['pending', 'waiting_sms', 'code_received'];

const paymentStatus = sql<OrderPaymentStatus>`CASE ${activations.settled} WHEN 'captured' THEN 'paid' WHEN 'refunded' THEN 'refunded' ELSE 'pending' END`;

const orderColumns = {
  id: activations.id,
  userId: activations.userId,
  // The spec's display name: the full name, else the part of the email before the @.
  userName: sql<string>`coalesce(nullif(btrim(${users.fullName}), ''), split_part(${users.email}, '@', 1))`,
  userEmail: users.email,
  serviceCode: activations.serviceCode,
  serviceName: sql<string>`coalesce(${services.name}, ${activations.serviceCode})`,
  serviceIcon: sql<string>`coalesce(${services.icon}, '')`,
  countryCode: activations.countryCode,
  countryNamePt: sql<string>`coalesce(${countries.namePt}, ${activations.countryCode})`,
  countryNameEn: sql<string>`coalesce(${countries.nameEn}, ${activations.countryCode})`,
  flag: sql<string>`coalesce(${countries.flag}, '')`,
  phoneNumber: activations.phoneNumber,
  code: activations.code,
  status: activations.status,
  paymentStatus,
  price: activations.price,
  currency: activations.currency,
  createdAt: activations.createdAt,
  updatedAt: activations.updatedAt,
  expiresAt: activations.expiresAt,
};

export interface OrderFilter {
  search?: string;
  status?: ActivationStatus;
  payment_status?: OrderPaymentStatus;
}

const SETTLED_OF: Record<OrderPaymentStatus, 'captured' | 'refunded' | null> = {
  paid: 'captured',
  refunded: 'refunded',
  pending: null,
};

function orderWhere(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(eq(activations.status, filter.status));
  if (filter.payment_status) {
    const settled = SETTLED_OF[filter.payment_status];
    conditions.push(settled ? eq(activations.settled, settled) : sql`${activations.settled} IS NULL`);
  }
  if (filter.search) {
    const text = filter.search.replace(/^#/, '');
    const matches: SQL[] = [
      ilike(users.email, containsPattern(text)),
      ilike(users.fullName, containsPattern(text)),
    ];
    // The table shows the first characters of the id: those, or the whole id, find the order.
    if (/^[0-9a-f-]{4,36}$/i.test(text))
      matches.push(sql`${activations.id}::text LIKE ${`${text.toLowerCase().replace(/[\\%_]/g, '')}%`}`);
    // Numbers are stored as E.164 digits; people type them with +, spaces and dashes.
    const digits = text.replace(/\D/g, '');
    if (digits.length >= 4 && /^[\d\s+().-]+$/.test(text))
      matches.push(sql`${activations.phoneNumber} LIKE ${`%${digits}%`}`);
    conditions.push(or(...matches));
  }
  return and(...conditions);
}

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
  const staffOrdersView = (ex: Executor) =>
    ex
      .select(orderColumns)
      .from(activations)
      .innerJoin(users, eq(users.id, activations.userId))
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  const view = (ex: Executor) =>
    ex
      .select(viewColumns)
      .from(activations)
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  return {
    /**
     * A new purchase, pending; null when this user already used the idempotency key (the caller finds that
     * activation instead). A named statement: its columns are always these, whatever the caller passes.
     */
    async insertPending(p: PendingPurchase, tx: Tx): Promise<ActivationRow | null> {
      const { id, userId, productId, serviceCode, countryCode, currency, price, idempotencyKey, at } = p;
      const [row] = await tx
        .insert(activations)
        .values({
          id,
          userId,
          productId,
          serviceCode,
          countryCode,
          currency,
          price,
          idempotencyKey,
          status: 'pending',
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: [activations.userId, activations.idempotencyKey] })
        .returning()
        .prepare('activation_insert_pending')
        .execute();
      return row ?? null;
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
      const { provider, upstreamId, phoneNumber, assignedAt, expiresAt, nextCheckAt } = n;
      const [row] = await db
        .update(activations)
        .set({
          provider,
          upstreamId,
          phoneNumber,
          assignedAt,
          expiresAt,
          nextCheckAt,
          status: 'waiting_sms',
          updatedAt: assignedAt,
        })
        .where(and(eq(activations.id, id), eq(activations.status, 'pending')))
        .returning()
        .prepare('activation_assign_number')
        .execute();
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

    // ---- the staff view of every customer's activations ----

    async listStaffOrders(filter: OrderFilter & { skip: number; limit: number }) {
      const where = orderWhere(filter);
      const [items, [total]] = await Promise.all([
        staffOrdersView(db)
          .where(where)
          .orderBy(desc(activations.createdAt), desc(activations.id))
          .offset(filter.skip)
          .limit(filter.limit),
        db
          .select({ n: count() })
          .from(activations)
          .innerJoin(users, eq(users.id, activations.userId))
          .where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async findStaffOrder(id: string) {
      const [row] = await staffOrdersView(db).where(eq(activations.id, id));
      return row ?? null;
    },

    async staffOrdersSummary(since: Date) {
      const by = (status: ActivationStatus) =>
        sql<number>`count(*) FILTER (WHERE ${activations.status} = ${status})::int`;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          pending: by('pending'),
          waiting_sms: by('waiting_sms'),
          code_received: by('code_received'),
          finished: by('finished'),
          cancelled: by('cancelled'),
          expired: by('expired'),
          failed: by('failed'),
          paid: sql<number>`count(*) FILTER (WHERE ${activations.settled} = 'captured')::int`,
          refunded: sql<number>`count(*) FILTER (WHERE ${activations.settled} = 'refunded')::int`,
          unsettled: sql<number>`count(*) FILTER (WHERE ${activations.settled} IS NULL)::int`,
          last24h: sql<number>`count(*) FILTER (WHERE ${activations.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
        })
        .from(activations);
      const n = (v: number | undefined) => Number(v ?? 0);
      return {
        total: n(row?.total),
        by_status: {
          pending: n(row?.pending),
          waiting_sms: n(row?.waiting_sms),
          code_received: n(row?.code_received),
          finished: n(row?.finished),
          cancelled: n(row?.cancelled),
          expired: n(row?.expired),
          failed: n(row?.failed),
        },
        by_payment_status: { pending: n(row?.unsettled), paid: n(row?.paid), refunded: n(row?.refunded) },
        last_24h: n(row?.last24h),
      };
    },
  };
}
export type ActivationsRepository = ReturnType<typeof createActivationsRepository>;
export type StaffOrderRow = NonNullable<Awaited<ReturnType<ActivationsRepository['findStaffOrder']>>>;
