import type { Currency } from '@numero/contract/common';
import type { Balance } from '@numero/contract/wallet';

export const CURRENCIES: readonly Currency[] = ['BRL', 'USD'];

/** The smallest top-up per currency, in cents, as the store settings say (GET /api/v1/store). */
export type TopupMinimums = Partial<Record<Currency, number>>;

/**
 * What to top up to cover a shortfall: the missing amount, never less than the store's smallest top-up.
 * Until the store's minimum is known, the missing amount; the server then answers with its minimum.
 */
export function topUpFor(shortBy: number, minimum = 0): number {
  return Math.max(minimum, Math.ceil(shortBy));
}

/** The minimum of each currency from the store's top-up limits. */
export function minimumsOf(limits: Partial<Record<Currency, { min: number }>> | undefined): TopupMinimums {
  const result: TopupMinimums = {};
  for (const currency of CURRENCIES) {
    const min = limits?.[currency]?.min;
    if (min !== undefined) result[currency] = min;
  }
  return result;
}

/** The wallets that hold money, the interface's currency first. */
export function walletsWithMoney(items: readonly Balance[], first: Currency): Balance[] {
  return items
    .filter((w) => w.balance > 0)
    .sort((a, b) => (a.currency === first ? -1 : b.currency === first ? 1 : 0));
}

/** `?amount_BRL=500&amount_USD=100` → the amounts a top-up starts with; anything unreadable is ignored. */
export function topupPrefill(params: URLSearchParams): Partial<Record<Currency, number>> {
  const prefill: Partial<Record<Currency, number>> = {};
  for (const currency of CURRENCIES) {
    const raw = params.get(`amount_${currency}`);
    if (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0) prefill[currency] = Number(raw);
  }
  return prefill;
}

/** The address of the balance page starting a top-up with these amounts. */
export function topupHref(amounts: Partial<Record<Currency, number>>): string {
  const query = new URLSearchParams();
  for (const currency of CURRENCIES) {
    const cents = amounts[currency];
    if (cents) query.set(`amount_${currency}`, String(cents));
  }
  const text = query.toString();
  return text ? `/dashboard/balance?${text}` : '/dashboard/balance';
}
