import { and, asc, desc, eq, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, products, services, settings } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

/** A product counts in the lists' prices and stock when staff and the catalogue import both sell it. */
const forSale = and(eq(products.isActive, true), isNull(products.saleHold));

/** Writes counted one by one past this many are folded into the running total (migration 0034). */
const FOLD_WRITES_FROM = 1_000;
/** How long a product's stock write stays logged (migration 0035): readers renew every few seconds. */
const STOCK_LOG_KEPT = sql.raw("interval '1 minute'");

/** What catalogChanges answers. */
export interface CatalogChanges {
  writes: number;
  snapshot: string;
  /** [product id, stock] for each product whose stock alone changed since, or null: read everything. */
  stock: [number, number][] | null;
}

export function createCatalogRepository(db: Executor) {
  return {
    /** Categories in display order with the cheapest active product in each currency. */
    async listCategoriesWithFromPrices() {
      return db
        .select({
          slug: categories.slug,
          namePt: categories.namePt,
          nameEn: categories.nameEn,
          fromBrl: min(products.priceBrl),
          fromUsd: min(products.priceUsd),
        })
        .from(categories)
        .leftJoin(services, and(eq(services.categoryId, categories.id), eq(services.isActive, true)))
        .leftJoin(products, and(eq(products.serviceCode, services.code), forSale))
        .where(eq(categories.isActive, true))
        .groupBy(categories.id)
        .orderBy(asc(categories.sortOrder));
    },

    /** Active services, most popular first, with their cheapest product on sale in each currency. */
    async listServices(categorySlug?: string) {
      const conditions: SQL[] = [eq(services.isActive, true), eq(categories.isActive, true)];
      if (categorySlug) conditions.push(eq(categories.slug, categorySlug));
      return db
        .select({
          code: services.code,
          name: services.name,
          popularity: services.popularity,
          categorySlug: categories.slug,
          categoryNamePt: categories.namePt,
          categoryNameEn: categories.nameEn,
          fromBrl: sql<string | null>`min(${products.priceBrl}) FILTER (WHERE ${countries.code} IS NOT NULL)`,
          fromUsd: sql<string | null>`min(${products.priceUsd}) FILTER (WHERE ${countries.code} IS NOT NULL)`,
          inStock: sql<number>`count(*) FILTER (WHERE ${countries.code} IS NOT NULL AND ${products.stock} > 0)::int`,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .leftJoin(products, and(eq(products.serviceCode, services.code), forSale))
        .leftJoin(countries, and(eq(countries.code, products.countryCode), eq(countries.isActive, true)))
        .where(and(...conditions))
        .groupBy(services.code, categories.id)
        .orderBy(desc(services.popularity), asc(services.name));
    },

    async listCountries() {
      return db
        .select({
          code: countries.code,
          namePt: countries.namePt,
          nameEn: countries.nameEn,
          dialCode: countries.dialCode,
          sortOrder: countries.sortOrder,
        })
        .from(countries)
        .where(eq(countries.isActive, true))
        .orderBy(asc(countries.sortOrder), asc(countries.namePt));
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

    /** The active services as the public shelf names them (their category may be switched off), as listServices orders them. */
    async listShelfServices() {
      return db
        .select({
          code: services.code,
          name: services.name,
          popularity: services.popularity,
          categorySlug: categories.slug,
          categoryNamePt: categories.namePt,
          categoryNameEn: categories.nameEn,
          categoryActive: categories.isActive,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .where(eq(services.isActive, true))
        .orderBy(desc(services.popularity), asc(services.name));
    },

    /**
     * How many statements have written to the catalogue's tables (products, services, countries,
     * categories) and committed, ever, stock alone apart: a number that grows with each of them, whoever
     * the writer. Read before the catalogue itself, an equal number later means nothing it was made of
     * changed since but stock. With it, this statement's snapshot, and the stock now of the products whose
     * stock alone was written by transactions the snapshot `since` (an earlier answer's) did not see; null
     * when some of those may be gone (pruned), or without `since` (migrations 0034 and 0035).
     */
    async catalogChanges(since: string | null): Promise<CatalogChanges> {
      const [row] = await queryRows<{
        total: string;
        pending: string;
        snapshot: string;
        stock: string | null;
        logged: string;
      }>(
        db,
        sql`SELECT (SELECT folded FROM catalog_write_total) + count(*) AS total, count(*) AS pending,
              pg_current_snapshot()::text AS snapshot,
              (SELECT count(*) FROM catalog_stock_writes) AS logged,
              (SELECT CASE WHEN s.xmin > (SELECT xid FROM catalog_stock_pruned) THEN coalesce(
                 (SELECT json_agg(json_build_array(p.id, p.stock))::text FROM products p WHERE p.id IN (
                   SELECT w.product_id FROM catalog_stock_writes w
                   WHERE w.xid >= s.xmin AND NOT pg_visible_in_snapshot(w.xid::text::xid8, s.snap))),
                 '[]') END
               FROM (SELECT ${since}::pg_snapshot AS snap,
                            pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint AS xmin) s) AS stock
            FROM catalog_writes`,
      );
      // One statement: a reader sees the rows it deletes or the total they went into, never both.
      if (Number(row?.pending) >= FOLD_WRITES_FROM) {
        await db.execute(sql`WITH gone AS (DELETE FROM catalog_writes RETURNING 1)
          UPDATE catalog_write_total SET folded = folded + (SELECT count(*) FROM gone)`);
      }
      // Stock written a while ago is in every renewing reader's snapshot by now; one that renewed before
      // it (a shelf asked for no more) sees the pruned mark past its snapshot and reads the whole catalogue.
      if (Number(row?.logged) >= FOLD_WRITES_FROM) {
        await db.execute(sql`WITH gone AS (
            DELETE FROM catalog_stock_writes WHERE at < now() - ${STOCK_LOG_KEPT} RETURNING xid)
          UPDATE catalog_stock_pruned SET xid = greatest(xid, (SELECT max(xid) FROM gone))
          WHERE EXISTS (SELECT 1 FROM gone)`);
      }
      const stock = row?.stock == null ? null : (JSON.parse(row.stock) as [number, number][]);
      return { writes: Number(row?.total ?? 0), snapshot: row?.snapshot ?? '', stock };
    },

    /** Every service, on sale or not, for the staff screens. */
    async listAllServices() {
      return db
        .select({
          code: services.code,
          name: services.name,
          category: categories.slug,
          isActive: services.isActive,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .orderBy(asc(services.name));
    },

    /** Every country, on or off, for the staff screens. */
    async listAllCountries() {
      return db
        .select({
          code: countries.code,
          namePt: countries.namePt,
          nameEn: countries.nameEn,
          isActive: countries.isActive,
        })
        .from(countries);
    },

    async serviceExists(code: string, ex: Executor = db) {
      const [row] = await ex.select({ code: services.code }).from(services).where(eq(services.code, code));
      return Boolean(row);
    },

    async countryExists(code: string, ex: Executor = db) {
      const [row] = await ex.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
      return Boolean(row);
    },

    /**
     * Claims the right to run a job now when it last ran at least `everyMs` ago: one atomic upsert, so of
     * several processes asking at once exactly one gets it.
     */
    async claimJobRun(key: string, at: Date, everyMs: number) {
      const due = new Date(at.getTime() - everyMs).toISOString();
      const rows = await db
        .insert(settings)
        .values({ key, value: { last_run_at: at.toISOString() }, updatedAt: at })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
          setWhere: sql`${settings.updatedAt} <= ${due}::timestamptz`,
        })
        .returning({ key: settings.key });
      return rows.length > 0;
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
