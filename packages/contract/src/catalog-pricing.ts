import { z } from 'zod';
import { CountryCode, MAX_PRICE_CENTS, ServiceCode } from './catalog.ts';

// Bulk pricing for staff: what upstream sellers charge us per product (costs), and rules that set the
// prices of many products at once from them. Money in integer cents.

export const PricingCurrency = z.enum(['BRL', 'USD']);
export type PricingCurrency = z.infer<typeof PricingCurrency>;

const Cents = z.number().int().min(0).max(MAX_PRICE_CENTS);

/** One seller's cost for a product in one currency. */
export const ProductCost = z.object({
  provider: z.string().trim().min(1).max(40),
  currency: PricingCurrency,
  cost: Cents,
});
export type ProductCost = z.infer<typeof ProductCost>;

/** GET and PUT /api/v1/admin/products/{id}/costs: PUT replaces the product's whole list. */
export const ProductCosts = z
  .object({ costs: z.array(ProductCost.strict()).max(50) })
  .strict()
  .meta({ id: 'ProductCosts' });
export type ProductCosts = z.infer<typeof ProductCosts>;

/**
 * A pricing rule: for the products in scope (every filter given must match; a provider limits to the
 * products that seller has a cost for), price = cost × (1 + markup %), at least the floor, then rounded
 * UP to the ending (90 → R$ x,90). Without a provider the cost is the highest any seller charges, so no
 * sale is under cost whichever seller fills it.
 */
export const PricingRule = z
  .object({
    currency: PricingCurrency,
    markup_percent: z.number().min(0).max(1000).multipleOf(0.01),
    provider: z.string().trim().min(1).max(40).optional(),
    service: ServiceCode.optional(),
    country: CountryCode.optional(),
    /** The cents every new price ends with (0–99), e.g. 90 or 99; none keeps the exact result. */
    ending: z.number().int().min(0).max(99).optional(),
    /** The lowest price the rule may set, in cents. */
    floor: Cents.optional(),
  })
  .strict()
  .meta({ id: 'PricingRule' });
export type PricingRule = z.infer<typeof PricingRule>;
export type PricingRuleInput = z.input<typeof PricingRule>;

export const PriceChange = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  cost: z.number().int(),
  old_price: z.number().int(),
  new_price: z.number().int(),
});
export type PriceChange = z.infer<typeof PriceChange>;

/** POST /api/v1/admin/pricing/preview and /apply: the products whose price changes, old → new. */
export const PricingResult = z
  .object({
    currency: PricingCurrency,
    /** Products in scope whose price the rule changes (those already at the new price are left out). */
    changes: z.array(PriceChange),
    /** Products in scope the rule leaves alone: already at the price it gives. */
    unchanged: z.number().int(),
    /** Products in scope without a cost in this currency (from this provider, when one is given). */
    without_cost: z.number().int(),
    applied: z.boolean(),
  })
  .meta({ id: 'PricingResult' });
export type PricingResult = z.infer<typeof PricingResult>;

/** One seller's part of a cost sync: how many products it priced, how many it does not sell, or why it failed. */
export const CostsSyncProvider = z.object({
  provider: z.string(),
  synced: z.number().int(),
  not_sold: z.number().int(),
  /** Why this seller's prices could not be read (its costs were left as they were); null when they were. */
  error: z.string().nullable(),
});
export type CostsSyncProvider = z.infer<typeof CostsSyncProvider>;

/** POST /api/v1/admin/pricing/costs/sync: every seller's prices read again into the products' costs. */
export const CostsSyncResult = z
  .object({
    providers: z.array(CostsSyncProvider),
    /** Costs (product × seller × currency) that were new or changed. */
    changed: z.number().int(),
  })
  .meta({ id: 'CostsSyncResult' });
export type CostsSyncResult = z.infer<typeof CostsSyncResult>;

/** POST /api/v1/admin/catalog/import: the sellers' whole price lists read into the catalogue. */
export const CatalogImportResult = z
  .object({
    /** Each seller read: how many offers it listed, or why it could not be read (it keeps its last list). */
    providers: z.array(
      z.object({ provider: z.string(), offers: z.number().int(), error: z.string().nullable() }),
    ),
    new_services: z.number().int(),
    new_countries: z.number().int(),
    new_products: z.number().int(),
    /** Costs (product × seller × currency) new, changed or no longer offered. */
    costs_changed: z.number().int(),
    stock_changed: z.number().int(),
    /** Off sale because no seller offers them any more, and back on sale because one does again. */
    withdrawn: z.number().int(),
    relisted: z.number().int(),
    /** Off sale because their cheapest cost is above their price, and back once it is not. */
    paused: z.number().int(),
    unpaused: z.number().int(),
    /** Offers left out: a country the store cannot name, or a cost in a currency without a rate. */
    skipped: z.number().int(),
  })
  .meta({ id: 'CatalogImportResult' });
export type CatalogImportResult = z.infer<typeof CatalogImportResult>;

/** POST /api/v1/admin/pricing/rules and PUT …/rules/{id}: a rule to keep, its place and auto-apply flag. */
export const SavedPricingRuleInput = PricingRule.extend({
  /** Rules run in position order (then by id); a later rule wins where two reach the same product. */
  position: z.number().int().min(0).max(10_000).optional(),
  /** Applied again after each upstream cost sync. */
  auto_apply: z.boolean().default(false),
})
  .strict()
  .meta({ id: 'PricingRuleToSave' });
export type SavedPricingRuleInput = z.input<typeof SavedPricingRuleInput>;

export const SavedPricingRule = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    currency: PricingCurrency,
    markup_percent: z.number(),
    provider: z.string().optional(),
    service: z.string().optional(),
    country: z.string().optional(),
    ending: z.number().int().optional(),
    floor: z.number().int().optional(),
    auto_apply: z.boolean(),
    /** The e-mail of the staff member who saved it; null once that account is gone. */
    created_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedPricingRule' });
export type SavedPricingRule = z.infer<typeof SavedPricingRule>;

export const SavedPricingRules = z
  .object({ rules: z.array(SavedPricingRule) })
  .meta({ id: 'SavedPricingRules' });
export type SavedPricingRules = z.infer<typeof SavedPricingRules>;

export const PricingRuleIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /api/v1/admin/pricing/rules/apply: each saved rule's changes, in the order they ran. */
export const SavedRulesResult = z
  .object({ results: z.array(PricingResult.extend({ rule_id: z.number().int() })) })
  .meta({ id: 'SavedRulesResult' });
export type SavedRulesResult = z.infer<typeof SavedRulesResult>;
