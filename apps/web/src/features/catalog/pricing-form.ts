import type { PricingCurrency, PricingRuleInput } from '@numero/contract/catalog-pricing';
import { parsePrice } from './money-input.ts';

/** The pricing form as typed: every field a string, empty when not chosen. */
export interface PricingFormValues {
  currency: PricingCurrency;
  markup: string;
  provider: string;
  service: string;
  country: string;
  ending: string;
  floor: string;
}

export const EMPTY_PRICING_FORM: PricingFormValues = {
  currency: 'BRL',
  markup: '',
  provider: '',
  service: '',
  country: '',
  ending: '90',
  floor: '',
};

export type PricingFormError = 'markup' | 'floor';

/** A markup typed as "30", "12,5" or "12.50": a percent from 0 to 1000 with at most two decimals. */
export function parseMarkup(text: string): number | null {
  const match = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(`${match[1]}.${match[2] ?? '0'}`);
  return value <= 1000 ? value : null;
}

/** The rule to send, or which field is wrong. */
export function toPricingRule(
  v: PricingFormValues,
): { rule: PricingRuleInput } | { error: PricingFormError } {
  const markup = parseMarkup(v.markup);
  if (markup === null) return { error: 'markup' };
  const floor = v.floor.trim() ? parsePrice(v.floor) : undefined;
  if (floor === null) return { error: 'floor' };
  return {
    rule: {
      currency: v.currency,
      markup_percent: markup,
      ...(v.provider && { provider: v.provider }),
      ...(v.service && { service: v.service }),
      ...(v.country && { country: v.country }),
      ...(v.ending !== '' && { ending: Number(v.ending) }),
      ...(floor !== undefined && { floor }),
    },
  };
}
