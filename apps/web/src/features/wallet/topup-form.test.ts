import { describe, expect, it } from 'vitest';
import {
  formatCardNumber,
  formatCountdown,
  methodsFor,
  parseAmountInput,
  parseExpiry,
} from './topup-form.ts';

describe('parseAmountInput', () => {
  it.each([
    ['50', 'pt', 5000],
    ['50,5', 'pt', 5050],
    ['50,50', 'pt', 5050],
    ['R$ 1.234,56', 'pt', 123_456],
    ['1.000', 'pt', 100_000],
    ['50.50', 'pt', 5050],
    ['1,234.56', 'en', 123_456],
    ['$20', 'en', 2000],
    ['20.5', 'en', 2050],
    ['1,000', 'en', 100_000],
  ])('%s (%s) → %d cents', (text, lang, cents) => {
    expect(parseAmountInput(text, lang)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0,00', '-5', '5,555', '1e3', '12,3,4'])('refuses %j', (text) => {
    expect(parseAmountInput(text, 'pt')).toBeNull();
  });
});

describe('card and method helpers', () => {
  it('offers PIX and boleto only in reais', () => {
    expect(methodsFor('BRL')).toEqual(['pix', 'card', 'boleto']);
    expect(methodsFor('USD')).toEqual(['card']);
  });

  it('reads expiry dates and formats numbers and countdowns', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('0131')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(formatCardNumber('4242-4242 4242abc4242')).toBe('4242 4242 4242 4242');
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3 * 86_400)).toBe('72:00:00');
  });
});
