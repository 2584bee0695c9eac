import { type CardDetails, PaymentProviderError } from '../payment-provider.ts';

export type CardOutcome = { status: 'paid' } | { status: 'failed'; reason: string };

/**
 * Stripe's well-known test numbers. Any other valid number is declined, so a real card never "works"
 * here. Input errors (a number failing Luhn, a past expiry, a malformed CVC) throw DECLINED and leave
 * the charge pending, as a card form rejects a typo before the issuer sees it; issuer answers below
 * settle the charge as 'failed'.
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { status: 'paid' },
  '5555555555554444': { status: 'paid' },
  '4000000760000002': { status: 'paid' },
  '4000000000000002': { status: 'failed', reason: 'declined' },
  '4000000000009995': { status: 'failed', reason: 'insufficient_funds' },
  '4000000000000069': { status: 'failed', reason: 'expired_card' },
  '4000000000000127': { status: 'failed', reason: 'incorrect_cvc' },
};

export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let digit = Number(number.charAt(i));
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Checks a card as a card form would; returns the number without spaces or dashes. */
export function validateCard(card: CardDetails, now: Date): string {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw new PaymentProviderError('DECLINED', 'invalid_number: the card number is not valid');
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    !Number.isInteger(year)
  ) {
    throw new PaymentProviderError('DECLINED', 'invalid_expiry: the expiry date is not valid');
  }
  // A card is good through the last day of its expiry month.
  if (now.getTime() >= Date.UTC(year, card.expMonth, 1)) {
    throw new PaymentProviderError('DECLINED', 'invalid_expiry: the card has expired');
  }
  if (!/^\d{3,4}$/.test(card.cvc))
    throw new PaymentProviderError('DECLINED', 'invalid_cvc: the CVC is not valid');
  return number;
}
