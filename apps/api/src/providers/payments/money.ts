/**
 * The store keeps integer cents; some provider APIs and the BR Code speak decimal units ("50.00").
 * Conversions go through strings so that no binary-fraction rounding ever changes an amount.
 */

export function isPositiveCents(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

/** 1999 -> "19.99" */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a cent amount: ${cents}`);
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** 1999 -> 19.99, for JSON APIs that want a decimal number; serialises back as exactly "19.99". */
export function centsToDecimal(cents: number): number {
  return Number(formatCents(cents));
}

/**
 * "19.99", "19.9", "19" or the number 19.99 -> 1999. Returns null for anything that is not a
 * non-negative amount with at most two decimals (a provider reply we must not guess about).
 */
export function decimalToCents(value: number | string): number | null {
  // String(number) is the shortest text that reads back as the same double: 19.99 -> "19.99".
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}
