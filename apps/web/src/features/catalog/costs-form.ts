import { type PricingCurrency, ProductCost, ProductCosts } from '@numero/contract/catalog-pricing';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { priceInputValue, readPrice } from './money-input.ts';

export const COST_CURRENCIES: PricingCurrency[] = ['BRL', 'USD'];

/** One product's costs as typed: by seller, then by currency; empty where the seller has none. */
export interface CostsFields {
  costs: Record<string, Partial<Record<PricingCurrency, string>>>;
}

/** The costs on screen for editing, in the language's decimal format. */
export function costsFieldsOf(costs: ProductCost[], lang: string): CostsFields {
  const fields: CostsFields = { costs: {} };
  for (const c of costs)
    fields.costs[c.provider] = { ...fields.costs[c.provider], [c.currency]: priceInputValue(c.cost, lang) };
  return fields;
}

// A cost left empty is not sent; one that cannot be read becomes -1, which the contract's rule refuses.
const costText = z
  .string()
  .optional()
  .transform((text) => (text?.trim() ? (readPrice(text) ?? -1) : undefined))
  .pipe(ProductCost.shape.cost.optional());

const costsSchema = z
  .object({ costs: z.record(z.string(), z.object({ BRL: costText, USD: costText })) })
  .transform(({ costs }) =>
    Object.entries(costs).flatMap(([provider, byCurrency]) =>
      COST_CURRENCIES.flatMap((currency) => {
        const cost = byCurrency[currency];
        return cost === undefined ? [] : [{ provider, currency, cost }];
      }),
    ),
  )
  .pipe(ProductCosts.shape.costs);

/** The body of PUT /admin/products/{id}/costs as its contract (ProductCosts) checks it. */
export const costsResolver = keyedResolver<CostsFields, ProductCost[]>(costsSchema, {});
