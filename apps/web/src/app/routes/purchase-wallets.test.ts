import { describe, expect, it } from 'vitest';
import { preferredWallet, shortfalls, walletChoices } from './purchase-wallets.ts';

describe('paying a purchase from a wallet', () => {
  it('pays from the reais wallet in English when only that one holds the money', () => {
    const choices = walletChoices({ BRL: 500, USD: 200 }, { BRL: 2000, USD: 0 }, 'USD');
    expect(choices.map((c) => [c.currency, c.covers])).toEqual([
      ['USD', false],
      ['BRL', true],
    ]);
    expect(preferredWallet(choices, 'USD')).toBe('BRL');
  });

  it("keeps the interface's wallet when it covers the price", () => {
    const choices = walletChoices({ BRL: 500, USD: 200 }, { BRL: 2000, USD: 300 }, 'USD');
    expect(preferredWallet(choices, 'USD')).toBe('USD');
  });

  it("offers the shortfall of each wallet, rounded up to the store's smallest top-up", () => {
    const choices = walletChoices({ BRL: 500, USD: 200 }, { BRL: 300, USD: 0 }, 'BRL');
    expect(preferredWallet(choices, 'BRL')).toBe('BRL');
    expect(shortfalls(choices, { BRL: 500, USD: 100 })).toEqual({ BRL: 500, USD: 200 });
    // Staff raised the minimums in the settings: the offer follows them.
    expect(shortfalls(choices, { BRL: 2_000, USD: 300 })).toEqual({ BRL: 2_000, USD: 300 });
    const one = walletChoices({ BRL: 1500 }, { BRL: 200 }, 'BRL');
    expect(shortfalls(one, { BRL: 500, USD: 100 })).toEqual({ BRL: 1300 });
    // Before the store's minimum is known: exactly what is missing.
    expect(shortfalls(choices)).toEqual({ BRL: 200, USD: 200 });
  });

  it('leaves out a currency the product has no price in', () => {
    expect(walletChoices({ BRL: 500 }, { USD: 900 }, 'USD').map((c) => c.currency)).toEqual(['BRL']);
  });
});
