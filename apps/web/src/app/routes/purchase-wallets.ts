import type { Currency } from '@numero/contract/common';
import { CURRENCIES, type TopupMinimums, topUpFor } from '../../features/wallet/wallet-amounts.ts';

export type PerCurrency = Partial<Record<Currency, number>>;

export interface WalletChoice {
  currency: Currency;
  /** The product's price in this wallet's currency. */
  price: number;
  balance: number;
  covers: boolean;
}

/**
 * The wallets a purchase could be paid from: every currency the product has a price in, with its
 * balance; the interface's currency first.
 */
export function walletChoices(prices: PerCurrency, balances: PerCurrency, first: Currency): WalletChoice[] {
  const order = [first, ...CURRENCIES.filter((c) => c !== first)];
  return order.flatMap((currency) => {
    const price = prices[currency];
    if (price === undefined) return [];
    const balance = balances[currency] ?? 0;
    return [{ currency, price, balance, covers: balance >= price }];
  });
}

/** The wallet to offer first: the interface's when it covers the price, else any that does. */
export function preferredWallet(choices: WalletChoice[], first: Currency): Currency {
  return (
    (choices.find((c) => c.covers && c.currency === first) ?? choices.find((c) => c.covers))?.currency ??
    first
  );
}

/**
 * When no wallet covers the price: what to top up per currency (the shortfall, at least the store's
 * minimum for that currency).
 */
export function shortfalls(choices: WalletChoice[], minimums: TopupMinimums = {}): PerCurrency {
  const result: PerCurrency = {};
  for (const c of choices) {
    if (!c.covers) result[c.currency] = topUpFor(c.price - c.balance, minimums[c.currency]);
  }
  return result;
}
