import type { PricingCurrency } from '@numero/contract/catalog-pricing';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, countries, productCosts, products, services } from '../../db/schema/index.ts';

export type SaleHold = 'withdrawn' | 'cost_above_price';

export interface KnownProduct {
  id: number;
  service: string;
  country: string;
  price: Record<PricingCurrency, number>;
  stock: number;
  hold: SaleHold | null;
}

export interface CostRow {
  productId: number;
  provider: string;
  currency: PricingCurrency;
  cost: number;
}

/** How many rows one statement writes: short statements, so purchases never wait long on a row. */
const BATCH = 500;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** The tables the catalogue import reads whole and writes in small batches, each its own statement. */
export function createCatalogImportRepository(db: Executor) {
  return {
    /** Everything the import compares the sellers' lists with. */
    async snapshot() {
      const [serviceRows, countryRows, productRows, costRows] = await Promise.all([
        db.select({ code: services.code }).from(services),
        db.select({ code: countries.code }).from(countries),
        db
          .select({
            id: products.id,
            service: products.serviceCode,
            country: products.countryCode,
            priceBrl: products.priceBrl,
            priceUsd: products.priceUsd,
            stock: products.stock,
            hold: products.saleHold,
          })
          .from(products),
        db
          .select({
            productId: productCosts.productId,
            provider: productCosts.provider,
            currency: productCosts.currency,
            cost: productCosts.cost,
          })
          .from(productCosts),
      ]);
      return {
        services: new Set(serviceRows.map((r) => r.code)),
        countries: new Set(countryRows.map((r) => r.code)),
        products: productRows.map(
          (r): KnownProduct => ({
            id: r.id,
            service: r.service,
            country: r.country,
            price: { BRL: Number(r.priceBrl), USD: Number(r.priceUsd) },
            stock: r.stock,
            hold: r.hold,
          }),
        ),
        costs: costRows.map((r) => ({ ...r, cost: Number(r.cost) })),
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
          .values(batch.map((r) => ({ ...r, icon: '', isActive: r.active })))
          .onConflictDoNothing();
    },

    async insertCountries(
      rows: { code: string; namePt: string; nameEn: string; dialCode: string; active: boolean }[],
    ) {
      for (const batch of batches(rows))
        await db
          .insert(countries)
          .values(batch.map((r) => ({ ...r, flag: '', isActive: r.active })))
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
      for (const batch of batches(rows)) {
        const inserted = await db
          .insert(products)
          .values(
            batch.map((r) => ({
              sku: `${r.service}-${r.country}`.toUpperCase(),
              serviceCode: r.service,
              countryCode: r.country,
              priceBrl: r.price.BRL,
              priceUsd: r.price.USD,
              stock: r.stock,
              isActive: r.active,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: products.id, service: products.serviceCode, country: products.countryCode });
        for (const r of inserted) ids.set(`${r.service}/${r.country}`, r.id);
      }
      return ids;
    },

    async setStock(rows: { id: number; stock: number }[]) {
      for (const batch of batches(rows))
        await db.execute(sql`
          UPDATE products p SET stock = v.stock
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, stock int)
          WHERE p.id = v.id AND p.stock <> v.stock`);
    },

    async setHolds(rows: { id: number; hold: SaleHold | null }[], at: Date) {
      for (const batch of batches(rows))
        await db.execute(sql`
          UPDATE products p SET sale_hold = v.hold, updated_at = ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, hold text)
          WHERE p.id = v.id AND p.sale_hold IS DISTINCT FROM v.hold`);
    },

    async upsertCosts(rows: CostRow[], at: Date) {
      for (const batch of batches(rows))
        await db
          .insert(productCosts)
          .values(batch.map((r) => ({ ...r, updatedAt: at })))
          .onConflictDoUpdate({
            target: [productCosts.productId, productCosts.provider, productCosts.currency],
            set: { cost: sql`excluded.cost`, updatedAt: sql`excluded.updated_at` },
          });
    },

    /** Forgets what a seller charged for products it no longer sells. */
    async deleteCosts(rows: { productId: number; provider: string }[]) {
      for (const batch of batches(rows))
        await db.execute(sql`
          DELETE FROM product_costs c
          USING jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v("productId" int, provider text)
          WHERE c.product_id = v."productId" AND c.provider = v.provider`);
    },
  };
}
export type CatalogImportRepository = ReturnType<typeof createCatalogImportRepository>;
