import { MAX_PRICE_CENTS } from '@numero/contract/catalog';

/**
 * Cents from what staff type in a price field: "5", "5,9", "5,90", "5.90", "R$ 5,90", "$5.90". Thousands
 * separators are refused rather than guessed ("1.500" could be 1,5 or 1500). Null when it is not a
 * positive price of at most MAX_PRICE_CENTS.
 */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/R\$|US\$|\$|\s/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** Cents as the field shows them for editing: "5,90" in Portuguese, "5.90" in English (no symbol). */
export function priceInputValue(cents: number, lang: string): string {
  const text = (cents / 100).toFixed(2);
  return lang.startsWith('en') ? text : text.replace('.', ',');
}

/** A whole count of numbers from 0 to max, or null. */
export function parseStock(text: string, max: number): number | null {
  const cleaned = text.trim();
  if (!/^\d{1,9}$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return n <= max ? n : null;
}
