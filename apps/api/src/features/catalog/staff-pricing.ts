import { MAX_PRICE_CENTS } from '@numero/contract/catalog';
import type { PriceChange, PricingResult, PricingRule, ProductCost } from '@numero/contract/catalog-pricing';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { PricedProduct, PricingRepository } from './pricing.repository.ts';
import './catalog.messages.ts';

/**
 * The price a rule gives a cost: cost plus the markup (rounded up to the cent), at least the floor and
 * one cent, then rounded UP to the next price ending in `ending` cents (never below what came before).
 */
export function ruledPrice(rule: Pick<PricingRule, 'markup_percent' | 'ending' | 'floor'>, cost: number) {
  const basisPoints = Math.round(rule.markup_percent * 100);
  const marked = Math.ceil((cost * (10_000 + basisPoints)) / 10_000);
  const base = Math.max(marked, rule.floor ?? 0, 1);
  if (rule.ending === undefined) return base;
  const ended = Math.floor(base / 100) * 100 + rule.ending;
  return ended < base ? ended + 100 : ended;
}

function outcome(rule: PricingRule, rows: PricedProduct[]) {
  const changes: PriceChange[] = [];
  let unchanged = 0;
  let withoutCost = 0;
  for (const row of rows) {
    if (row.cost === null) {
      withoutCost++;
      continue;
    }
    const price = ruledPrice(rule, row.cost);
    if (price > MAX_PRICE_CENTS) throw new AppError('PRICE_OUT_OF_RANGE', 422, { sku: row.sku });
    if (price === row.price) unchanged++;
    else
      changes.push({
        product_id: row.id,
        sku: row.sku,
        cost: row.cost,
        old_price: row.price,
        new_price: price,
      });
  }
  return { changes, unchanged, without_cost: withoutCost };
}

/**
 * Bulk pricing for staff: each product's upstream costs, and rules that set many prices from them, with
 * a preview that changes nothing and an apply that changes every price in one transaction, audited with
 * each SKU's price before and after.
 */
export function createStaffPricing(deps: {
  db: Db;
  pricing: PricingRepository;
  catalog: Pick<CatalogRepository, 'serviceExists' | 'countryExists'>;
  audit: Pick<AuditService, 'record'>;
  /** The names of the configured upstream sellers. */
  providers: readonly string[];
  now: () => Date;
}) {
  const { db, pricing, catalog, audit, providers, now } = deps;

  function assertProvider(name: string) {
    if (!providers.includes(name)) throw new AppError('UNKNOWN_PROVIDER', 422, { provider: name });
  }

  async function assertScope(rule: PricingRule, ex?: Executor) {
    if (rule.provider !== undefined) assertProvider(rule.provider);
    if (rule.service !== undefined && !(await catalog.serviceExists(rule.service, ex)))
      throw new AppError('UNKNOWN_SERVICE', 422);
    if (rule.country !== undefined && !(await catalog.countryExists(rule.country, ex)))
      throw new AppError('UNKNOWN_COUNTRY', 422);
  }

  async function productExists(id: number, ex: Executor): Promise<void> {
    if (!(await pricing.productExists(id, ex))) throw new AppError('PRODUCT_NOT_FOUND', 404);
  }

  /**
   * Sets every price the rule changes inside the caller's transaction, under the products' row locks,
   * audited with each price before and after (actor null: the store itself, after a cost sync).
   */
  async function applyIn(
    rule: PricingRule,
    actor: Actor | null,
    tx: Executor,
    savedRuleId?: number,
  ): Promise<PricingResult> {
    await pricing.lockProducts(rule, tx);
    const computed = outcome(rule, await pricing.productsInScope(rule, tx));
    const result = { currency: rule.currency, ...computed, applied: computed.changes.length > 0 };
    if (computed.changes.length === 0) return result;
    const at = now();
    for (const c of computed.changes)
      await pricing.setPrice(c.product_id, rule.currency, c.new_price, at, tx);
    const prices = (pick: (c: PriceChange) => number) =>
      Object.fromEntries(computed.changes.map((c) => [c.sku, pick(c)]));
    await audit.record(
      {
        action: 'APPLY_PRICING',
        actor: actor ? { id: actor.id, email: actor.email } : null,
        entityType: 'products',
        entityId: null,
        ip: actor?.ip ?? null,
        before: { currency: rule.currency, prices: prices((c) => c.old_price) },
        after: {
          rule,
          ...(savedRuleId ? { saved_rule: savedRuleId } : {}),
          prices: prices((c) => c.new_price),
        },
      },
      tx,
    );
    return result;
  }

  return {
    async getCosts(productId: number): Promise<{ costs: ProductCost[] }> {
      await productExists(productId, db);
      return { costs: await pricing.listCosts(productId) };
    },

    /** Replaces a product's costs (one per seller and currency), audited before and after. */
    async setCosts(productId: number, costs: ProductCost[], actor: Actor): Promise<{ costs: ProductCost[] }> {
      for (const c of costs) assertProvider(c.provider);
      const keys = new Set(costs.map((c) => `${c.provider}/${c.currency}`));
      if (keys.size !== costs.length) throw new AppError('DUPLICATE_COST', 422);
      await db.transaction(async (tx) => {
        await productExists(productId, tx);
        const before = await pricing.listCosts(productId, tx);
        await pricing.replaceCosts(productId, costs, now(), tx);
        await audit.record(
          {
            action: 'UPDATE_COSTS',
            actor: { id: actor.id, email: actor.email },
            entityType: 'products',
            entityId: String(productId),
            ip: actor.ip ?? null,
            before: { costs: before },
            after: { costs },
          },
          tx,
        );
      });
      return { costs: await pricing.listCosts(productId) };
    },

    /** What applying the rule would change now; changes nothing. */
    async preview(rule: PricingRule): Promise<PricingResult> {
      await assertScope(rule);
      const rows = await pricing.productsInScope(rule);
      return { currency: rule.currency, ...outcome(rule, rows), applied: false };
    },

    /** Sets every price the rule changes in one transaction, under the products' row locks. */
    async apply(rule: PricingRule, actor: Actor): Promise<PricingResult> {
      await assertScope(rule);
      return db.transaction((tx) => applyIn(rule, actor, tx));
    },

    applyIn,
    assertScope,
  };
}
export type StaffPricing = ReturnType<typeof createStaffPricing>;
