import { type AdminProductStatus, LOW_STOCK_MAX, type ProductBase } from '@numero/contract/catalog';
import { and, asc, count, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, products, services } from '../../db/schema/index.ts';
import { containsPattern, queryRows } from '../../db/sql.ts';
import type { Lang } from '../../http/lang.ts';

// The one owner of the products table: what customers may buy, the staff view, prices and stock.

/**
 * A product can be sold when it, its service and its country are all active, and the catalogue import
 * holds it for no reason (no seller offers it, or it would sell under cost).
 */
const onSale = and(
  eq(products.isActive, true),
  isNull(products.saleHold),
  eq(services.isActive, true),
  eq(countries.isActive, true),
);

const STOCK_BATCH = 500;

/** The import's hold without its pause for a cost above the price: a price set by a rule or a person lifts it. */
export const liftPause = sql<null>`NULLIF(${products.saleHold}, 'cost_above_price')`;

/** What every view of a product shows: which service, in which country (the contract's ProductBase). */
const baseColumns = {
  id: products.id,
  sku: products.sku,
  serviceCode: products.serviceCode,
  serviceName: services.name,
  countryCode: products.countryCode,
  countryNamePt: countries.namePt,
  countryNameEn: countries.nameEn,
};

const offerColumns = {
  ...baseColumns,
  dialCode: countries.dialCode,
  priceBrl: products.priceBrl,
  priceUsd: products.priceUsd,
  stock: products.stock,
  isActive: products.isActive,
};

/** Staff's switch first, then the import's holds, then the stock (the filter below agrees). */
const productStatus = sql<AdminProductStatus>`CASE WHEN NOT ${products.isActive} THEN 'inactive' WHEN ${products.saleHold} = 'withdrawn' THEN 'withdrawn' WHEN ${products.saleHold} = 'cost_above_price' THEN 'paused' WHEN ${products.stock} = 0 THEN 'out_of_stock' ELSE 'active' END`;

const staffColumns = {
  ...baseColumns,
  categorySlug: categories.slug,
  categoryNamePt: categories.namePt,
  categoryNameEn: categories.nameEn,
  priceBrl: products.priceBrl,
  priceUsd: products.priceUsd,
  stock: products.stock,
  isActive: products.isActive,
  pricePinned: products.pricePinned,
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
  if (filter.status) conditions.push(sql`${productStatus} = ${filter.status}`);
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

export function createProductsRepository(db: Executor) {
  // Read or written at every purchase: named statements, planned once per connection.
  const findProductPrepared = db
    .select({ ...offerColumns, onSale: sql<boolean>`(${onSale})` })
    .from(products)
    .innerJoin(services, eq(services.code, products.serviceCode))
    .innerJoin(countries, eq(countries.code, products.countryCode))
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('find_product');
  const decrementStockPrepared = db
    .update(products)
    .set({ stock: sql`greatest(${products.stock} - 1, 0)` })
    .where(and(eq(products.id, sql.placeholder('id')), gt(products.stock, 0)))
    .prepare('decrement_stock');
  const staffView = (ex: Executor) =>
    ex
      .select(staffColumns)
      .from(products)
      .innerJoin(services, eq(services.code, products.serviceCode))
      .innerJoin(countries, eq(countries.code, products.countryCode))
      .innerJoin(categories, eq(categories.id, services.categoryId));

  return {
    /** Products on sale, filtered by service and/or country. */
    async listProducts(filter: { service?: string; country?: string }) {
      const conditions: (SQL | undefined)[] = [onSale];
      if (filter.service) conditions.push(eq(products.serviceCode, filter.service));
      if (filter.country) conditions.push(eq(products.countryCode, filter.country));
      return db
        .select(offerColumns)
        .from(products)
        .innerJoin(services, eq(services.code, products.serviceCode))
        .innerJoin(countries, eq(countries.code, products.countryCode))
        .where(and(...conditions))
        .orderBy(desc(gt(products.stock, 0)), asc(products.priceBrl), asc(countries.namePt));
    },

    /**
     * Every product on sale as one line "service,country,price in the currency,stock,id" each, the
     * cheapest first, then by the country's Portuguese name and the id: the whole catalogue (200,000
     * rows at market size) as one text the database builds, which this process reads into typed arrays
     * a slice at a time and puts those in stock first (features/catalog/shelf-stock.ts).
     */
    async listOfferLines(currency: 'BRL' | 'USD'): Promise<string> {
      const price = currency === 'BRL' ? products.priceBrl : products.priceUsd;
      const [row] = await queryRows<{ offers: string | null }>(
        db,
        sql`SELECT string_agg(concat_ws(',', ${products.serviceCode}, ${products.countryCode}, ${price}, ${products.stock}, ${products.id}), E'\n'
              ORDER BY ${price}, ${countries.namePt}, ${products.id}) AS offers
            FROM ${products}
            JOIN ${services} ON ${services.code} = ${products.serviceCode}
            JOIN ${countries} ON ${countries.code} = ${products.countryCode}
            WHERE ${onSale}`,
      );
      return row?.offers ?? '';
    },

    /** One product with whether it is on sale (it, its service and its country active); null if unknown. */
    async findProduct(id: number) {
      const [row] = await findProductPrepared.execute({ id });
      return row ?? null;
    },

    async listActiveProductKeys() {
      return db
        .select({ id: products.id, serviceCode: products.serviceCode, countryCode: products.countryCode })
        .from(products)
        .innerJoin(services, eq(services.code, products.serviceCode))
        .innerJoin(countries, eq(countries.code, products.countryCode))
        .where(onSale)
        .orderBy(asc(products.id));
    },

    /** Writes the stock counts that changed; returns how many rows changed. */
    /**
     * Stock counts as upstream gave them; returns how many changed. In statements of STOCK_BATCH rows:
     * short ones, which a purchase lowering a row's stock never waits on for long, and within PostgreSQL's
     * limit of parameters for a market-sized catalogue.
     */
    async updateStock(rows: { id: number; stock: number }[], at: Date) {
      let changed = 0;
      for (let i = 0; i < rows.length; i += STOCK_BATCH) {
        const batch = rows.slice(i, i + STOCK_BATCH);
        const result = await db.execute(sql`
          UPDATE products p SET stock = v.stock, updated_at = ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, stock int)
          WHERE p.id = v.id AND p.stock <> v.stock`);
        const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
        changed += Number(r.rowCount ?? r.affectedRows ?? 0);
      }
      return changed;
    },

    /** One number sold upstream: lower the shown stock until the next sync corrects it. */
    async decrementStock(id: number) {
      await decrementStockPrepared.execute({ id });
    },

    // ---- the staff view ----

    async listStaffProducts(filter: ProductFilter & { skip: number; limit: number }, lang: Lang) {
      const where = productWhere(filter);
      const countryName = lang === 'en' ? countries.nameEn : countries.namePt;
      const [items, [total]] = await Promise.all([
        staffView(db)
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

    async findStaffProduct(id: number, ex: Executor = db) {
      const [row] = await staffView(ex).where(eq(products.id, id));
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
      changes: Partial<
        Pick<typeof products.$inferInsert, 'priceBrl' | 'priceUsd' | 'isActive' | 'pricePinned' | 'stock'>
      >,
      at: Date,
      ex: Executor,
    ) {
      const repriced = changes.priceBrl !== undefined || changes.priceUsd !== undefined;
      await ex
        .update(products)
        // A price a person sets lifts the import's pause for a cost above the price.
        .set({
          ...changes,
          ...(repriced && { saleHold: liftPause }),
          updatedAt: at,
        })
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
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
export type StaffProductRow = NonNullable<Awaited<ReturnType<ProductsRepository['findStaffProduct']>>>;

/** A row of either view, as the contract's ProductBase in the caller's language. */
export function toProductBase(r: ProductBaseRow, lang: Lang): ProductBase {
  return {
    id: r.id,
    sku: r.sku,
    service_code: r.serviceCode,
    service_name: r.serviceName,
    country_code: r.countryCode,
    country_name: lang === 'en' ? r.countryNameEn : r.countryNamePt,
  };
}
type ProductBaseRow = { [K in keyof typeof baseColumns]: (typeof baseColumns)[K]['_']['data'] };
