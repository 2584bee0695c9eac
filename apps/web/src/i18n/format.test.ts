import { describe, expect, it } from 'vitest';
import { formatMoney, localeFor } from './format.ts';

const AMOUNTS = [
  0, 1, 5, 10, 99, 100, 150, 999, 1_000, 12_345, 99_999, 100_000, 123_456_789, 100_000_000_000,
];

describe('formatMoney', () => {
  it.each(['pt', 'en'] as const)('writes every amount as Intl does in %s', (lang) => {
    for (const currency of ['BRL', 'USD'] as const) {
      const intl = new Intl.NumberFormat(localeFor(lang), { style: 'currency', currency });
      for (const cents of AMOUNTS.flatMap((c) => (c === 0 ? [0] : [c, -c]))) {
        expect(formatMoney(cents, currency, lang), `${cents} ${currency}`).toBe(intl.format(cents / 100));
      }
    }
  });

  it('uses the conventions a reader of each language expects', () => {
    expect(formatMoney(123_456, 'BRL', 'pt')).toBe('R$\u00a01.234,56');
    expect(formatMoney(-150, 'USD', 'pt')).toBe('-US$\u00a01,50');
    expect(formatMoney(123_456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(5, 'BRL', 'en')).toBe('R$0.05');
  });
});
