import type { ActivationStatus, OrderPaymentStatus } from '@numero/contract/activations';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activations, countries, services, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';

const paymentStatus = sql<OrderPaymentStatus>`CASE ${activations.settled} WHEN 'captured' THEN 'paid' WHEN 'refunded' THEN 'refunded' ELSE 'pending' END`;

const orderColumns = {
  id: activations.id,
  userId: activations.userId,
  // The spec's display name: the full name, else the part of the email before the @.
  userName: sql<string>`coalesce(nullif(btrim(${users.fullName}), ''), split_part(${users.email}, '@', 1))`,
  userEmail: users.email,
  serviceCode: activations.serviceCode,
  serviceName: sql<string>`coalesce(${services.name}, ${activations.serviceCode})`,
  countryCode: activations.countryCode,
  countryNamePt: sql<string>`coalesce(${countries.namePt}, ${activations.countryCode})`,
  countryNameEn: sql<string>`coalesce(${countries.nameEn}, ${activations.countryCode})`,
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

/** The staff's view of every customer's activations: the list with its filters, one order, the summary. */
export function createStaffOrdersRepository(db: Executor) {
  // A new builder per query: Drizzle's builders change as they are refined.
  const staffOrdersView = () =>
    db
      .select(orderColumns)
      .from(activations)
      .innerJoin(users, eq(users.id, activations.userId))
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  return {
    async listStaffOrders(filter: OrderFilter & { skip: number; limit: number }) {
      const where = orderWhere(filter);
      const [items, [total]] = await Promise.all([
        staffOrdersView()
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
      const [row] = await staffOrdersView().where(eq(activations.id, id));
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
export type StaffOrdersRepository = ReturnType<typeof createStaffOrdersRepository>;
export type StaffOrderRow = NonNullable<Awaited<ReturnType<StaffOrdersRepository['findStaffOrder']>>>;
