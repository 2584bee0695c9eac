import { describe, expect, it } from 'vitest';
import { parsePrice, parseStock, priceInputValue } from './money-input.ts';
import { stockLevel } from './stock-level.ts';

describe('stock labels (spec §2)', () => {
  it.each([
    [0, 'active', 'out'],
    [0, undefined, 'out'],
    [1, 'active', 'low'],
    [5, 'active', 'low'],
    [6, 'active', 'medium'],
    [10, 'inactive', 'medium'],
    [11, 'active', 'in'],
    [5_000, 'active', 'in'],
    // The status wins: a product marked out of stock says so whatever its count.
    [42, 'out_of_stock', 'out'],
    [3, 'out_of_stock', 'out'],
  ] as const)('stock %i with status %s is %s', (stock, status, level) => {
    expect(stockLevel({ stock, status })).toBe(level);
  });
});

describe('price and stock fields', () => {
  it.each([
    ['5', 500],
    ['5,9', 590],
    ['5,90', 590],
    ['5.90', 590],
    [' R$ 12,34 ', 1_234],
    ['$0.01', 1],
    ['10000', 1_000_000],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parsePrice(text)).toBe(cents);
  });

  it.each(['', '0', '0,00', '-5', '5,999', '1.500,00', 'abc', '10000,01', '1e3'])('refuses %j', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it('shows cents for editing in the language of the screen', () => {
    expect(priceInputValue(590, 'pt')).toBe('5,90');
    expect(priceInputValue(590, 'en')).toBe('5.90');
  });

  it('takes a whole stock from 0 to the maximum', () => {
    expect(parseStock('0', 100)).toBe(0);
    expect(parseStock(' 42 ', 100)).toBe(42);
    expect(parseStock('101', 100)).toBeNull();
    expect(parseStock('-1', 100)).toBeNull();
    expect(parseStock('1.5', 100)).toBeNull();
  });
});
