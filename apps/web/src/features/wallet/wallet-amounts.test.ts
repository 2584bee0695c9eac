import { describe, expect, it } from 'vitest';
import { minimumsOf, topUpFor, topupHref, topupPrefill, walletsWithMoney } from './wallet-amounts.ts';

describe('top-up amounts', () => {
  it("offers the missing amount, rounded up to the store's smallest top-up", () => {
    expect(topUpFor(120, 500)).toBe(500);
    expect(topUpFor(730, 500)).toBe(730);
    expect(topUpFor(40, 2_000)).toBe(2_000);
    expect(topUpFor(40.2)).toBe(41);
  });

  it('reads the minimums from the store limits, none before they are known', () => {
    const limits = { BRL: { min: 2_000, max: 9_000 }, USD: { min: 300, max: 9_000 } };
    expect(minimumsOf(limits)).toEqual({ BRL: 2_000, USD: 300 });
    expect(minimumsOf(undefined)).toEqual({});
  });

  it('carries the amounts per currency through the address and back', () => {
    const href = topupHref({ BRL: 730, USD: 150 });
    expect(href).toBe('/dashboard/balance?amount_BRL=730&amount_USD=150');
    expect(topupPrefill(new URL(href, 'http://x').searchParams)).toEqual({ BRL: 730, USD: 150 });
  });

  it('ignores amounts that are not whole positive cents', () => {
    expect(topupPrefill(new URLSearchParams('amount_BRL=-5&amount_USD=1e9&amount_EUR=100'))).toEqual({});
    expect(topupHref({})).toBe('/dashboard/balance');
  });
});

describe('wallets with money', () => {
  it('lists only non-empty wallets, the interface currency first', () => {
    const items = [
      { currency: 'BRL' as const, balance: 2000, formatted: '' },
      { currency: 'USD' as const, balance: 0, formatted: '' },
    ];
    expect(walletsWithMoney(items, 'USD').map((w) => w.currency)).toEqual(['BRL']);
    items[1]!.balance = 100;
    expect(walletsWithMoney(items, 'USD').map((w) => w.currency)).toEqual(['USD', 'BRL']);
  });
});
