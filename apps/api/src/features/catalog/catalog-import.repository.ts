import type { PricingCurrency } from '@numero/contract/catalog-pricing';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, type products, services } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import type { CostRow } from './pricing.repository.ts';

export type SaleHold = NonNullable<(typeof products.$inferSelect)['saleHold']>;

export interface KnownProduct {
  id: number;
  service: string;
  country: string;
  price: Record<PricingCurrency, number>;
  stock: number;
  hold: SaleHold | null;
}

/**
 * How many rows one statement writes. Updates of products (stock, holds) touch rows a purchase may wait
 * on, so they go in short statements; new rows and costs lock nothing a purchase reads, so larger ones.
 */
const BATCH = 500;
const INSERT_BATCH = 5_000;

function batches<T>(rows: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The tables the catalogue import reads whole and writes in small batches, each its own statement. */
export function createCatalogImportRepository(db: Executor) {
  return {
    /**
     * Everything the import compares the sellers' lists with. The 200,000 products and their costs of a
     * market-sized catalogue are read as JSON texts the database builds: one JSON.parse each, rather than
     * a row object mapped per row.
     */
    async snapshot() {
      const [serviceRows, countryRows, [lists]] = await Promise.all([
        db.select({ code: services.code }).from(services),
        db.select({ code: countries.code }).from(countries),
        queryRows<{ products: string; costs: string }>(
          db,
          sql`SELECT
                (SELECT coalesce(json_agg(json_build_array(id, service_code, country_code, price_brl, price_usd, stock, sale_hold)), '[]')::text FROM products) AS products,
                (SELECT coalesce(json_agg(json_build_array(product_id, provider, currency, cost)), '[]')::text FROM product_costs) AS costs`,
        ),
      ]);
      type ProductTuple = [number, string, string, number, number, number, SaleHold | null];
      type CostTuple = [number, string, PricingCurrency, number];
      return {
        services: new Set(serviceRows.map((r) => r.code)),
        countries: new Set(countryRows.map((r) => r.code)),
        products: (JSON.parse(lists!.products) as ProductTuple[]).map(
          ([id, service, country, brl, usd, stock, hold]): KnownProduct => ({
            id,
            service,
            country,
            price: { BRL: brl, USD: usd },
            stock,
            hold,
          }),
        ),
        costs: (JSON.parse(lists!.costs) as CostTuple[]).map(
          ([productId, provider, currency, cost]): CostRow => ({ productId, provider, currency, cost }),
        ),
      };
    },

    /** Where services new to the store go until staff move them: the first category. */
    async defaultCategoryId(): Promise<number | null> {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.id))
        .limit(1);
      return row?.id ?? null;
    },

    async insertServices(rows: { code: string; name: string; categoryId: number; active: boolean }[]) {
      for (const batch of batches(rows))
        await db
          .insert(services)
          .values(batch.map((r) => ({ ...r, isActive: r.active })))
          .onConflictDoNothing();
    },

    async insertCountries(
      rows: { code: string; namePt: string; nameEn: string; dialCode: string; active: boolean }[],
    ) {
      for (const batch of batches(rows))
        await db
          .insert(countries)
          .values(batch.map((r) => ({ ...r, isActive: r.active })))
          .onConflictDoNothing();
    },

    /** Inserts products (sku service-country) and returns their ids by "service/country". */
    async insertProducts(
      rows: {
        service: string;
        country: string;
        price: Record<PricingCurrency, number>;
        stock: number;
        active: boolean;
      }[],
      at: Date,
    ): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const batch of batches(rows, INSERT_BATCH)) {
        const values = batch.map((r) => ({
          s: r.service,
          c: r.country,
          b: r.price.BRL,
          u: r.price.USD,
          n: r.stock,
          a: r.active,
        }));
        const inserted = await queryRows<{ id: number; service_code: string; country_code: string }>(
          db,
          sql`INSERT INTO products (sku, service_code, country_code, price_brl, price_usd, stock, is_active, created_at, updated_at)
              SELECT upper(v.s || '-' || v.c), v.s, v.c, v.b, v.u, v.n, v.a, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
              FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(s text, c text, b bigint, u bigint, n int, a boolean)
              ON CONFLICT DO NOTHING
              RETURNING id, service_code, country_code`,
        );
        // Numbers come back as text from a raw query on one driver and as numbers on the other.
        for (const r of inserted) ids.set(`${r.service_code}/${r.country_code}`, Number(r.id));
      }
      return ids;
    },

    async setHolds(rows: { id: number; hold: SaleHold | null }[], at: Date) {
      for (const batch of batches(rows))
        await db.execute(sql`
          UPDATE products p SET sale_hold = v.hold, updated_at = ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, hold text)
          WHERE p.id = v.id AND p.sale_hold IS DISTINCT FROM v.hold`);
    },
  };
}
export type CatalogImportRepository = ReturnType<typeof createCatalogImportRepository>;
