import { describe, expect, it } from 'vitest';
import { EMPTY_PRICING_FORM, toPricingRule } from './pricing-form.ts';

const markup = (text: string) => toPricingRule({ ...EMPTY_PRICING_FORM, markup: text, ending: '' });

describe('pricing form', () => {
  it('reads a markup with a comma or a point, refuses negatives and more than 1000 %', () => {
    expect(markup('30')).toEqual({ rule: { currency: 'BRL', markup_percent: 30 } });
    expect(markup('12,5')).toEqual({ rule: { currency: 'BRL', markup_percent: 12.5 } });
    expect(markup('12.25')).toEqual({ rule: { currency: 'BRL', markup_percent: 12.25 } });
    for (const refused of ['-5', '1001', '', '1,234', 'x'])
      expect(markup(refused)).toEqual({ error: 'markup' });
  });

  it('sends only the filters chosen, the ending as a number and the floor in cents', () => {
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '50', country: 'BR', floor: '6,00' })).toEqual({
      rule: { currency: 'BRL', markup_percent: 50, country: 'BR', ending: 90, floor: 600 },
    });
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', ending: '' })).toEqual({
      rule: { currency: 'BRL', markup_percent: 10 },
    });
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', floor: '-1' })).toEqual({ error: 'floor' });
  });
});
