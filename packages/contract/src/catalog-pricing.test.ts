import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_PRICE_CENTS } from './catalog.ts';
import {
  PricingRule,
  PricingRuleIdParams,
  ProductCost,
  ProductCosts,
  SavedPricingRuleInput,
} from './catalog-pricing.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe('upstream costs', () => {
  const cost = { provider: 'simulator', currency: 'BRL', cost: 120 };

  it(`are whole cents from 0 to ${MAX_PRICE_CENTS}, per provider named in 1 to 40 characters`, () => {
    check(
      ProductCost,
      [cost, { ...cost, cost: 0 }, { ...cost, cost: MAX_PRICE_CENTS }, { ...cost, provider: 'x'.repeat(40) }],
      [
        { ...cost, cost: -1 },
        { ...cost, cost: 1.5 },
        { ...cost, cost: MAX_PRICE_CENTS + 1 },
        { ...cost, provider: ' ' },
        { ...cost, provider: 'x'.repeat(41) },
        { ...cost, currency: 'EUR' },
      ],
    );
  });

  it('are set for up to 50 providers at once, with nothing else beside them', () => {
    check(
      ProductCosts,
      [{ costs: [] }, { costs: Array(50).fill(cost) }],
      [
        { costs: Array(51).fill(cost) },
        { costs: [{ ...cost, note: 'x' }] },
        { costs: [cost], product_id: 1 },
      ],
    );
  });
});

describe('pricing rules', () => {
  const rule = { currency: 'BRL', markup_percent: 35 };

  it('mark up by 0 to 1000 % in hundredths, with an ending of 0 to 99 cents and a floor in cents', () => {
    check(
      PricingRule,
      [
        rule,
        { ...rule, markup_percent: 0 },
        { ...rule, markup_percent: 1000 },
        { ...rule, markup_percent: 12.34 },
        { ...rule, ending: 0 },
        { ...rule, ending: 99, floor: MAX_PRICE_CENTS },
      ],
      [
        { ...rule, markup_percent: -1 },
        { ...rule, markup_percent: 1000.01 },
        { ...rule, markup_percent: 12.345 },
        { ...rule, ending: 100 },
        { ...rule, ending: 9.5 },
        { ...rule, floor: -1 },
        { ...rule, floor: MAX_PRICE_CENTS + 1 },
        { currency: 'BRL' },
        { ...rule, round: 'up' },
      ],
    );
  });

  it('narrow to a provider, a service and a country by their codes', () => {
    expect(PricingRule.parse({ ...rule, service: 'wa', country: 'br' })).toMatchObject({
      service: 'wa',
      country: 'BR',
    });
    check(
      PricingRule,
      [{ ...rule, provider: '5sim' }],
      [
        { ...rule, provider: '' },
        { ...rule, service: 'WhatsApp' },
        { ...rule, country: 'BRA' },
      ],
    );
  });

  it('are saved at a position of 0 to 10000, applied by hand unless told', () => {
    expect(SavedPricingRuleInput.parse(rule)).toEqual({ ...rule, auto_apply: false });
    check(
      SavedPricingRuleInput,
      [
        { ...rule, position: 0 },
        { ...rule, position: 10_000, auto_apply: true },
      ],
      [
        { ...rule, position: -1 },
        { ...rule, position: 10_001 },
        { ...rule, position: 1.5 },
        { ...rule, markup_percent: 12.345 },
        { ...rule, id: 1 },
      ],
    );
    expect(PricingRuleIdParams.parse({ id: '7' })).toEqual({ id: 7 });
    check(PricingRuleIdParams, [{ id: '2147483647' }], [{ id: '0' }, { id: '2147483648' }, { id: 'x' }]);
  });
});
