import { ProductPrice } from '@numero/contract/catalog';

/**
 * Cents from what staff type in a price field: "5", "5,9", "5,90", "5.90", "R$ 5,90", "$5.90". Thousands
 * separators are refused rather than guessed ("1.500" could be 1,5 or 1500). Null when it is not written
 * as an amount; whether the amount is allowed is the contract's rule.
 */
export function readPrice(text: string): number | null {
  const cleaned = text.replace(/R\$|US\$|\$|\s/g, '');
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A typed price as cents when it is a price the contract accepts (above zero, at most MAX_PRICE_CENTS). */
export function parsePrice(text: string): number | null {
  const cents = readPrice(text);
  return cents !== null && ProductPrice.safeParse(cents).success ? cents : null;
}

/** Cents as the field shows them for editing: "5,90" in Portuguese, "5.90" in English (no symbol). */
export function priceInputValue(cents: number, lang: string): string {
  const text = (cents / 100).toFixed(2);
  return lang.startsWith('en') ? text : text.replace('.', ',');
}

/** A whole count as typed ("42", " 42 "), or null when it is not written as one. */
export function readCount(text: string): number | null {
  const cleaned = text.trim();
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}

/** A whole count of numbers from 0 to max, or null. */
export function parseStock(text: string, max: number): number | null {
  const n = readCount(text);
  return n !== null && n <= max ? n : null;
}
