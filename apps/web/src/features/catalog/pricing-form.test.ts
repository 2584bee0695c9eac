import { describe, expect, it } from 'vitest';
import { EMPTY_PRICING_FORM, type PricingFormValues, pricingResolver } from './pricing-form.ts';

/** The form's check: the rule it would send, or which of the typed fields the contract refuses. */
async function toPricingRule(v: PricingFormValues) {
  const result = await pricingResolver(v, undefined, { fields: {}, shouldUseNativeValidation: false });
  if (Object.keys(result.errors).length === 0) return { rule: result.values.rule };
  return { error: result.errors.floor ? 'floor' : 'markup' };
}

const markup = (text: string) => toPricingRule({ ...EMPTY_PRICING_FORM, markup: text, ending: '' });

describe('pricing form', () => {
  it('reads a markup with a comma or a point, refuses negatives and more than 1000 %', async () => {
    expect(await markup('30')).toEqual({ rule: { currency: 'BRL', markup_percent: 30 } });
    expect(await markup('12,5')).toEqual({ rule: { currency: 'BRL', markup_percent: 12.5 } });
    expect(await markup('12.25')).toEqual({ rule: { currency: 'BRL', markup_percent: 12.25 } });
    for (const refused of ['-5', '1001', '', '1,234', 'x'])
      expect(await markup(refused)).toEqual({ error: 'markup' });
  });

  it('sends only the filters chosen, the ending as a number and the floor in cents', async () => {
    expect(
      await toPricingRule({ ...EMPTY_PRICING_FORM, markup: '50', country: 'BR', floor: '6,00' }),
    ).toEqual({
      rule: { currency: 'BRL', markup_percent: 50, country: 'BR', ending: 90, floor: 600 },
    });
    expect(await toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', ending: '' })).toEqual({
      rule: { currency: 'BRL', markup_percent: 10 },
    });
    expect(await toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', floor: '-1' })).toEqual({
      error: 'floor',
    });
  });
});
