import { setImmediate as turn } from 'node:timers/promises';
import type { PricingCurrency } from '@numero/contract/catalog-pricing';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, type products, services } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';

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

/**
 * A product's cost in one currency as one number: the import compares some 400,000 costs, and a map
 * keyed by small integers builds and answers several times faster than one keyed by strings.
 */
export const costKey = (productId: number, currency: PricingCurrency) =>
  productId * 2 + (currency === 'BRL' ? 0 : 1);

/** Products read per statement of the snapshot, with their costs. */
const SNAPSHOT_PRODUCTS = 20_000;

/** The lines of a text the database joined, each cut at its commas (codes, providers and holds have none). */
const linesOf = (text: string | null) => (text ? text.split('\n').map((line) => line.split(',')) : []);

/** The tables the catalogue import reads whole and writes in small batches, each its own statement. */
export function createCatalogImportRepository(db: Executor) {
  return {
    /**
     * Everything the import compares the sellers' lists with. The 200,000 products and 400,000 costs of a
     * market-sized catalogue come as texts of comma-separated lines the database joins (a third of its
     * work of JSON), `perStatement` products and their costs per statement: one statement of them all
     * held PGlite, which runs in this process's thread, for most of a second. The statements are not one
     * transaction (on PGlite that would hold every other query back): a row written meanwhile is seen
     * by the next import, which writes only what still differs.
     */
    async snapshot(perStatement = SNAPSHOT_PRODUCTS) {
      const [serviceRows, countryRows] = await Promise.all([
        db.select({ code: services.code }).from(services),
        db.select({ code: countries.code }).from(countries),
      ]);
      const products: KnownProduct[] = [];
      // Per seller, each product's cost in each currency by costKey: 400,000 rows kept as numbers.
      const costs = new Map<string, Map<number, number>>();
      for (let after = 0; ; ) {
        const [chunk] = await queryRows<{ products: string | null; costs: string | null; last: unknown }>(
          db,
          sql`WITH p AS (SELECT * FROM products WHERE id > ${after} ORDER BY id LIMIT ${perStatement})
              SELECT
                (SELECT string_agg(concat_ws(',', id, service_code, country_code, price_brl, price_usd, stock, coalesce(sale_hold, '')), E'\n' ORDER BY id) FROM p) AS products,
                (SELECT string_agg(concat_ws(',', product_id, provider, currency, cost), E'\n' ORDER BY product_id, provider, currency) FROM product_costs
                  WHERE product_id > ${after} AND product_id <= (SELECT max(id) FROM p)) AS costs,
                (SELECT max(id) FROM p) AS last`,
        );
        if (chunk?.last == null) break;
        after = Number(chunk.last);
        for (const [id, service, country, brl, usd, stock, hold] of linesOf(chunk.products))
          products.push({
            id: Number(id),
            service: service!,
            country: country!,
            price: { BRL: Number(brl), USD: Number(usd) },
            stock: Number(stock),
            hold: (hold || null) as SaleHold | null,
          });
        for (const [productId, provider, currency, cost] of linesOf(chunk.costs)) {
          const byKey = costs.get(provider!) ?? new Map<number, number>();
          costs.set(
            provider!,
            byKey.set(costKey(Number(productId), currency as PricingCurrency), Number(cost)),
          );
        }
        // A turn of the event loop per chunk: a process serving requests answers between them.
        await turn();
      }
      return {
        services: new Set(serviceRows.map((r) => r.code)),
        countries: new Set(countryRows.map((r) => r.code)),
        products,
        costs,
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
