import type { ActivationStatus, OrderPaymentStatus } from '@numero/contract/activations';
import { type AdminProductStatus, LOW_STOCK_MAX } from '@numero/contract/catalog';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activations, categories, countries, products, services, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql.ts';
import type { Lang } from '../../http/lang.ts';

// ---- products ----

const productStatus = sql<AdminProductStatus>`CASE WHEN NOT ${products.isActive} THEN 'inactive' WHEN ${products.stock} = 0 THEN 'out_of_stock' ELSE 'active' END`;

const productColumns = {
  id: products.id,
  sku: products.sku,
  serviceCode: products.serviceCode,
  serviceName: services.name,
  serviceIcon: services.icon,
  countryCode: products.countryCode,
  countryNamePt: countries.namePt,
  countryNameEn: countries.nameEn,
  flag: countries.flag,
  categorySlug: categories.slug,
  categoryNamePt: categories.namePt,
  categoryNameEn: categories.nameEn,
  priceBrl: products.priceBrl,
  priceUsd: products.priceUsd,
  stock: products.stock,
  isActive: products.isActive,
  status: productStatus,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export interface ProductFilter {
  search?: string;
  category?: string;
  status?: AdminProductStatus;
}

function productWhere(filter: ProductFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.category) conditions.push(eq(categories.slug, filter.category));
  if (filter.status === 'inactive') conditions.push(eq(products.isActive, false));
  if (filter.status === 'active')
    conditions.push(and(eq(products.isActive, true), sql`${products.stock} > 0`));
  if (filter.status === 'out_of_stock')
    conditions.push(and(eq(products.isActive, true), eq(products.stock, 0)));
  if (filter.search) {
    const p = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(services.name, p),
        ilike(products.sku, p),
        ilike(products.serviceCode, p),
        ilike(countries.namePt, p),
        ilike(countries.nameEn, p),
        ilike(categories.namePt, p),
        ilike(categories.nameEn, p),
        ilike(categories.slug, p),
      ),
    );
  }
  return and(...conditions);
}

// ---- orders ----

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

export function createAdminCatalogRepository(db: Executor) {
  const productsView = (ex: Executor) =>
    ex
      .select(productColumns)
      .from(products)
      .innerJoin(services, eq(services.code, products.serviceCode))
      .innerJoin(countries, eq(countries.code, products.countryCode))
      .innerJoin(categories, eq(categories.id, services.categoryId));

  const ordersView = (ex: Executor) =>
    ex
      .select(orderColumns)
      .from(activations)
      .innerJoin(users, eq(users.id, activations.userId))
      .leftJoin(services, eq(services.code, activations.serviceCode))
      .leftJoin(countries, eq(countries.code, activations.countryCode));

  return {
    async listProducts(filter: ProductFilter & { skip: number; limit: number }, lang: Lang) {
      const where = productWhere(filter);
      const countryName = lang === 'en' ? countries.nameEn : countries.namePt;
      const [items, [total]] = await Promise.all([
        productsView(db)
          .where(where)
          .orderBy(desc(services.popularity), asc(services.name), asc(countryName), asc(products.id))
          .offset(filter.skip)
          .limit(filter.limit),
        db
          .select({ n: count() })
          .from(products)
          .innerJoin(services, eq(services.code, products.serviceCode))
          .innerJoin(countries, eq(countries.code, products.countryCode))
          .innerJoin(categories, eq(categories.id, services.categoryId))
          .where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async findProduct(id: number, ex: Executor = db) {
      const [row] = await productsView(ex).where(eq(products.id, id));
      return row ?? null;
    },

    /** Locks the product row until the transaction ends, so two edits never interleave their audit. */
    async lockProduct(id: number, ex: Executor): Promise<boolean> {
      const rows = await ex
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      return rows.length > 0;
    },

    async updateProduct(
      id: number,
      changes: Partial<Pick<typeof products.$inferInsert, 'priceBrl' | 'priceUsd' | 'isActive' | 'stock'>>,
      at: Date,
      ex: Executor,
    ) {
      await ex
        .update(products)
        .set({ ...changes, updatedAt: at })
        .where(eq(products.id, id));
    },

    /** Null when a product for this service × country, or this SKU, exists already. */
    async insertProduct(values: typeof products.$inferInsert, ex: Executor): Promise<number | null> {
      const [row] = await ex
        .insert(products)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: products.id });
      return row?.id ?? null;
    },

    async findProductIdByKey(serviceCode: string, countryCode: string, ex: Executor = db) {
      const [row] = await ex
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.serviceCode, serviceCode), eq(products.countryCode, countryCode)));
      return row?.id ?? null;
    },

    async serviceExists(code: string, ex: Executor = db) {
      const [row] = await ex.select({ code: services.code }).from(services).where(eq(services.code, code));
      return Boolean(row);
    },

    async countryExists(code: string, ex: Executor = db) {
      const [row] = await ex.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
      return Boolean(row);
    },

    async productsSummary() {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`count(*) FILTER (WHERE ${products.isActive} AND ${products.stock} > 0)::int`,
          inactive: sql<number>`count(*) FILTER (WHERE NOT ${products.isActive})::int`,
          outOfStock: sql<number>`count(*) FILTER (WHERE ${products.isActive} AND ${products.stock} = 0)::int`,
          lowStock: sql<number>`count(*) FILTER (WHERE ${products.stock} > 0 AND ${products.stock} <= ${LOW_STOCK_MAX})::int`,
        })
        .from(products);
      return {
        total: Number(row?.total ?? 0),
        active: Number(row?.active ?? 0),
        inactive: Number(row?.inactive ?? 0),
        out_of_stock: Number(row?.outOfStock ?? 0),
        low_stock: Number(row?.lowStock ?? 0),
      };
    },

    async listCategoriesWithCounts() {
      return db
        .select({
          slug: categories.slug,
          namePt: categories.namePt,
          nameEn: categories.nameEn,
          isActive: categories.isActive,
          productCount: sql<number>`count(${products.id})::int`,
          activeCount: sql<number>`count(${products.id}) FILTER (WHERE ${products.isActive})::int`,
        })
        .from(categories)
        .leftJoin(services, eq(services.categoryId, categories.id))
        .leftJoin(products, eq(products.serviceCode, services.code))
        .groupBy(categories.id)
        .orderBy(asc(categories.sortOrder), asc(categories.slug));
    },

    async listServices() {
      return db
        .select({
          code: services.code,
          name: services.name,
          icon: services.icon,
          category: categories.slug,
          isActive: services.isActive,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .orderBy(asc(services.name));
    },

    async listCountries() {
      return db
        .select({
          code: countries.code,
          namePt: countries.namePt,
          nameEn: countries.nameEn,
          flag: countries.flag,
          isActive: countries.isActive,
        })
        .from(countries);
    },

    // ---- orders ----

    async listOrders(filter: OrderFilter & { skip: number; limit: number }) {
      const where = orderWhere(filter);
      const [items, [total]] = await Promise.all([
        ordersView(db)
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

    async findOrder(id: string) {
      const [row] = await ordersView(db).where(eq(activations.id, id));
      return row ?? null;
    },

    async ordersSummary(since: Date) {
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
export type AdminCatalogRepository = ReturnType<typeof createAdminCatalogRepository>;
export type ProductRow = NonNullable<Awaited<ReturnType<AdminCatalogRepository['findProduct']>>>;
export type OrderRow = NonNullable<Awaited<ReturnType<AdminCatalogRepository['findOrder']>>>;
