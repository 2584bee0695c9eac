import { describe, expect, it } from 'vitest';
import { EMPTY_PRICING_FORM, parseMarkup, toPricingRule } from './pricing-form.ts';

describe('pricing form', () => {
  it('reads a markup with a comma or a point, refuses negatives and more than 1000 %', () => {
    expect(parseMarkup('30')).toBe(30);
    expect(parseMarkup('12,5')).toBe(12.5);
    expect(parseMarkup('12.25')).toBe(12.25);
    expect(parseMarkup('-5')).toBeNull();
    expect(parseMarkup('1001')).toBeNull();
    expect(parseMarkup('')).toBeNull();
  });

  it('sends only the filters chosen, the ending as a number and the floor in cents', () => {
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '50', country: 'BR', floor: '6,00' })).toEqual({
      rule: { currency: 'BRL', markup_percent: 50, country: 'BR', ending: 90, floor: 600 },
    });
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', ending: '' })).toEqual({
      rule: { currency: 'BRL', markup_percent: 10 },
    });
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: 'x' })).toEqual({ error: 'markup' });
    expect(toPricingRule({ ...EMPTY_PRICING_FORM, markup: '10', floor: '-1' })).toEqual({ error: 'floor' });
  });
});
