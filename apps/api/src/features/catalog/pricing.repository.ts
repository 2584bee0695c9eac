import type { PricingCurrency, ProductCost } from '@numero/contract/catalog-pricing';
import { and, asc, eq, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productCosts, products } from '../../db/schema/index.ts';
import { liftPause } from './products.repository.ts';

/** What a seller charges for one product, in cents of one store currency. */
export interface CostRow {
  productId: number;
  provider: string;
  currency: PricingCurrency;
  cost: number;
}

const COSTS_BATCH = 5_000;

export interface PricingScope {
  currency: PricingCurrency;
  provider?: string | undefined;
  service?: string | undefined;
  country?: string | undefined;
}

/** A product in a rule's scope, its price in the rule's currency and its cost (null: none known). */
export interface PricedProduct {
  id: number;
  sku: string;
  price: number;
  cost: number | null;
}

const priceColumn = (currency: PricingCurrency) =>
  currency === 'BRL' ? products.priceBrl : products.priceUsd;

/** The products a rule reaches: those in its scope whose price staff did not pin. */
function productFilter(scope: PricingScope): SQL | undefined {
  return and(
    eq(products.pricePinned, false),
    scope.service ? eq(products.serviceCode, scope.service) : undefined,
    scope.country ? eq(products.countryCode, scope.country) : undefined,
  );
}

/** The SQL of upstream costs (product_costs) and of the products a pricing rule reaches. */
export function createPricingRepository(db: Executor) {
  return {
    async productExists(id: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex.select({ id: products.id }).from(products).where(eq(products.id, id));
      return rows.length > 0;
    },

    async listCosts(productId: number, ex: Executor = db): Promise<ProductCost[]> {
      const rows = await ex
        .select({ provider: productCosts.provider, currency: productCosts.currency, cost: productCosts.cost })
        .from(productCosts)
        .where(eq(productCosts.productId, productId))
        .orderBy(asc(productCosts.provider), asc(productCosts.currency));
      return rows.map((r) => ({ ...r, cost: Number(r.cost) }));
    },

    async replaceCosts(productId: number, costs: ProductCost[], at: Date, ex: Executor): Promise<void> {
      await ex.delete(productCosts).where(eq(productCosts.productId, productId));
      if (costs.length === 0) return;
      await ex.insert(productCosts).values(costs.map((c) => ({ productId, ...c, updatedAt: at })));
    },

    /** One seller's costs, keyed "productId/currency". */
    async providerCosts(provider: string, ex: Executor = db): Promise<Map<string, number>> {
      const rows = await ex
        .select({
          productId: productCosts.productId,
          currency: productCosts.currency,
          cost: productCosts.cost,
        })
        .from(productCosts)
        .where(eq(productCosts.provider, provider));
      return new Map(rows.map((r) => [`${r.productId}/${r.currency}`, Number(r.cost)]));
    },

    /**
     * Writes costs, COSTS_BATCH rows a statement through one JSON parameter each: a market-sized
     * catalogue's 400,000 costs would pass PostgreSQL's limit of parameters as a row of values each.
     */
    async upsertCosts(rows: CostRow[], at: Date, ex: Executor = db): Promise<void> {
      for (let i = 0; i < rows.length; i += COSTS_BATCH)
        await ex.execute(sql`
          INSERT INTO product_costs (product_id, provider, currency, cost, updated_at)
          SELECT v."productId", v.provider, v.currency, v.cost, ${at.toISOString()}::timestamptz
          FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + COSTS_BATCH))}::jsonb)
            AS v("productId" int, provider text, currency char(3), cost bigint)
          ON CONFLICT (product_id, provider, currency)
          DO UPDATE SET cost = excluded.cost, updated_at = excluded.updated_at`);
    },

    /** Forgets what a seller charged for products it no longer sells. */
    async deleteCosts(rows: { productId: number; provider: string }[], ex: Executor = db): Promise<void> {
      for (let i = 0; i < rows.length; i += COSTS_BATCH)
        await ex.execute(sql`
          DELETE FROM product_costs c
          USING jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + COSTS_BATCH))}::jsonb)
            AS v("productId" int, provider text)
          WHERE c.product_id = v."productId" AND c.provider = v.provider`);
    },

    /** Locks the rows of the products in scope (apply runs under these locks). */
    async lockProducts(scope: PricingScope, ex: Executor): Promise<void> {
      await ex
        .select({ id: products.id })
        .from(products)
        .where(productFilter(scope))
        .orderBy(asc(products.id))
        .for('update');
    },

    /**
     * The products in scope with their price and cost in the scope's currency: the given provider's
     * cost, or without one the highest any provider charges.
     */
    async productsInScope(scope: PricingScope, ex: Executor = db): Promise<PricedProduct[]> {
      const price = priceColumn(scope.currency);
      const rows = await ex
        .select({ id: products.id, sku: products.sku, price, cost: max(productCosts.cost) })
        .from(products)
        .leftJoin(
          productCosts,
          and(
            eq(productCosts.productId, products.id),
            eq(productCosts.currency, scope.currency),
            scope.provider ? eq(productCosts.provider, scope.provider) : undefined,
          ),
        )
        .where(productFilter(scope))
        .groupBy(products.id)
        .orderBy(asc(products.sku));
      return rows.map((r) => ({
        id: r.id,
        sku: r.sku,
        price: Number(r.price),
        cost: r.cost === null ? null : Number(r.cost),
      }));
    },

    /** A price a rule or a person sets lifts the import's pause for a cost above the price. */
    async setPrice(id: number, currency: PricingCurrency, price: number, at: Date, ex: Executor) {
      const set = currency === 'BRL' ? { priceBrl: price } : { priceUsd: price };
      await ex
        .update(products)
        .set({ ...set, saleHold: liftPause, updatedAt: at })
        .where(eq(products.id, id));
    },
  };
}
export type PricingRepository = ReturnType<typeof createPricingRepository>;
