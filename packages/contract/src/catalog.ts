import { z } from 'zod';
import { Cents, Currency } from './common.ts';

export const CategorySummary = z.object({
  slug: z.string(),
  name: z.string(),
  /** The cheapest active product of the category in the requested currency; null when none. */
  from_price: Cents.nullable(),
  currency: Currency,
});
export type CategorySummary = z.infer<typeof CategorySummary>;

export const CategoriesQuery = z.object({
  currency: Currency.default('BRL'),
  lang: z.enum(['pt', 'en']).default('pt'),
});
export const CategoriesResponse = z.array(CategorySummary);
