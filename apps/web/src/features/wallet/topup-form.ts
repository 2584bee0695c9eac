import type { Currency } from '@numero/contract/common';
import { methodTakesCurrency, type PaymentMethod } from '@numero/contract/wallet';

/**
 * What the customer typed as an amount, in cents: "50", "50,5", "50,50", "1.234,56" (pt) or
 * "1,234.56" (en). Null when it is not a positive amount with at most two decimals.
 */
export function parseAmountInput(text: string, lang: string): number | null {
  let value = text
    .trim()
    .replace(/^(R\$|\$|US\$)\s*/i, '')
    .replace(/\s/g, '');
  if (!value) return null;
  const [thousands, decimal] = lang.startsWith('en') ? [',', '.'] : ['.', ','];
  // A lone separator followed by one or two digits is the decimal one, whichever the customer used.
  const last = Math.max(value.lastIndexOf(','), value.lastIndexOf('.'));
  if (last >= 0 && value.length - last - 1 <= 2 && value.split(value[last]!).length === 2) {
    value = `${value.slice(0, last).split(thousands).join('').split(decimal).join('')}.${value.slice(last + 1)}`;
  } else {
    value = value.split(thousands).join('');
    if (value.includes(decimal)) value = value.replace(decimal, '.');
  }
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** The methods a currency offers: PIX and boleto are for reais only. */
export function methodsFor(currency: Currency): PaymentMethod[] {
  return (['pix', 'card', 'boleto'] as const).filter((m) => methodTakesCurrency(m, currency));
}

/** "12/29", "1229", "12 / 2029" → month and four-digit year; null when unreadable. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** "4242424242424242" → "4242 4242 4242 4242", as the customer types. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Minutes and seconds left: 1799 → "29:59". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
