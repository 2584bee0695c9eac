import { and, asc, desc, eq, gt, min, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, products, services, settings } from '../../db/schema/index.ts';

/** A product can be sold when it, its service and its country are all active. */
const onSale = and(eq(products.isActive, true), eq(services.isActive, true), eq(countries.isActive, true));

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
        .leftJoin(products, and(eq(products.serviceCode, services.code), eq(products.isActive, true)))
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
          icon: services.icon,
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
        .leftJoin(products, and(eq(products.serviceCode, services.code), eq(products.isActive, true)))
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
          flag: countries.flag,
          dialCode: countries.dialCode,
        })
        .from(countries)
        .where(eq(countries.isActive, true))
        .orderBy(asc(countries.namePt));
    },

    /** Products on sale, filtered by service and/or country. */
    async listProducts(filter: { service?: string; country?: string }) {
      const conditions: (SQL | undefined)[] = [onSale];
      if (filter.service) conditions.push(eq(products.serviceCode, filter.service));
      if (filter.country) conditions.push(eq(products.countryCode, filter.country));
      return db
        .select(productColumns)
        .from(products)
        .innerJoin(services, eq(services.code, products.serviceCode))
        .innerJoin(countries, eq(countries.code, products.countryCode))
        .where(and(...conditions))
        .orderBy(desc(gt(products.stock, 0)), asc(products.priceBrl), asc(countries.namePt));
    },

    /** One product with whether it is on sale (it, its service and its country active); null if unknown. */
    async findProduct(id: number, ex: Executor = db) {
      const [row] = await ex
        .select({ ...productColumns, onSale: sql<boolean>`(${onSale})` })
        .from(products)
        .innerJoin(services, eq(services.code, products.serviceCode))
        .innerJoin(countries, eq(countries.code, products.countryCode))
        .where(eq(products.id, id));
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
    async updateStock(rows: { id: number; stock: number }[], at: Date) {
      if (rows.length === 0) return 0;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::int, ${r.stock}::int)`),
        sql`, `,
      );
      const result = await db.execute(sql`
        UPDATE products p SET stock = v.stock, updated_at = ${at.toISOString()}::timestamptz
        FROM (VALUES ${values}) AS v(id, stock)
        WHERE p.id = v.id AND p.stock <> v.stock`);
      const r = result as unknown as { rowCount?: number | null; affectedRows?: number };
      return Number(r.rowCount ?? r.affectedRows ?? 0);
    },

    /** One number sold upstream: lower the shown stock until the next sync corrects it. */
    async decrementStock(id: number, ex: Executor = db) {
      await ex
        .update(products)
        .set({ stock: sql`greatest(${products.stock} - 1, 0)` })
        .where(and(eq(products.id, id), gt(products.stock, 0)));
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
  dialCode: countries.dialCode,
  priceBrl: products.priceBrl,
  priceUsd: products.priceUsd,
  stock: products.stock,
  isActive: products.isActive,
};
