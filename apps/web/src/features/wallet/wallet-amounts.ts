import type { Currency } from '@numero/contract/common';
import type { Balance } from '@numero/contract/wallet';

export const CURRENCIES: readonly Currency[] = ['BRL', 'USD'];

/**
 * The server's default smallest top-up (TOPUP_MIN_BRL / TOPUP_MIN_USD). A store configured higher answers a
 * smaller amount with a sentence naming its minimum, which the form shows.
 */
export const TOPUP_MINIMUM: Record<Currency, number> = { BRL: 500, USD: 100 };

/** What to top up to cover a shortfall: the missing amount, never less than the smallest top-up. */
export function topUpFor(shortBy: number, currency: Currency): number {
  return Math.max(TOPUP_MINIMUM[currency], Math.ceil(shortBy));
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
