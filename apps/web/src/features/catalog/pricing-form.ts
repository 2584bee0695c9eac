import { type PricingCurrency, PricingRule } from '@numero/contract/catalog-pricing';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { readPrice } from './money-input.ts';

/** The pricing form as typed: every field a string, empty when not chosen; and the saved rule's flag. */
export interface PricingFormValues {
  currency: PricingCurrency;
  markup: string;
  provider: string;
  service: string;
  country: string;
  ending: string;
  floor: string;
  autoApply: boolean;
}

export const EMPTY_PRICING_FORM: PricingFormValues = {
  currency: 'BRL',
  markup: '',
  provider: '',
  service: '',
  country: '',
  ending: '90',
  floor: '',
  autoApply: false,
};

/** Keys (namespace `admin-pricing`) of the form's messages. */
const PRICING_MESSAGES = { markup: 'errors.markup', floor: 'errors.floor' } as const;

/** A markup as typed ("30", "12,5", "12.50") read as a number; null when it is not written as one. */
function readMarkup(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim());
  return match ? Number(`${match[1]}.${match[2] ?? '0'}`) : null;
}

/** The rule the form describes and, for "save rule", whether it runs again after each cost sync. */
export interface PricingChoice {
  rule: PricingRule;
  autoApply: boolean;
}

const shape = PricingRule.shape;
// A filter left on "any" is not sent; text is read as the number the contract checks, and what cannot be
// read becomes a value its rule refuses (-1), so the refusal is the contract's.
const chosen = <T extends z.ZodType<unknown, string | undefined>>(rule: T) =>
  z
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(rule);
const asNumber = (read: (text: string) => number | null) =>
  z.string().transform((text) => (text.trim() === '' ? undefined : (read(text) ?? -1)));

const pricingSchema = z
  .object({
    currency: shape.currency,
    markup: z
      .string()
      .transform((text) => readMarkup(text) ?? -1)
      .pipe(shape.markup_percent),
    provider: chosen(shape.provider),
    service: chosen(shape.service),
    country: chosen(shape.country),
    ending: asNumber((text) => (/^\d+$/.test(text) ? Number(text) : null)).pipe(shape.ending),
    floor: asNumber(readPrice).pipe(shape.floor),
    autoApply: z.boolean(),
  })
  .transform(
    (f): PricingChoice => ({
      rule: {
        currency: f.currency,
        markup_percent: f.markup,
        ...(f.provider && { provider: f.provider }),
        ...(f.service && { service: f.service }),
        ...(f.country && { country: f.country }),
        ...(f.ending !== undefined && { ending: f.ending }),
        ...(f.floor !== undefined && { floor: f.floor }),
      },
      autoApply: f.autoApply,
    }),
  );

/** react-hook-form's resolver for /admin/products/pricing, by the contract's PricingRule (what the API checks). */
export const pricingResolver = keyedResolver<PricingFormValues, PricingChoice>(
  pricingSchema,
  PRICING_MESSAGES,
);
