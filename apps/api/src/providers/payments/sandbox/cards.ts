import { CardCvc, CardNumber, cardExpired } from '@numero/contract/wallet';
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

/** Checks a card as a card form would; returns the number without spaces or dashes. */
export function validateCard(card: CardDetails, now: Date): string {
  const number = CardNumber.safeParse(card.number);
  if (!number.success) {
    throw new PaymentProviderError('DECLINED', 'invalid_number: the card number is not valid');
  }
  const expiry = { month: card.expMonth, year: card.expYear };
  if (
    !Number.isInteger(expiry.month) ||
    expiry.month < 1 ||
    expiry.month > 12 ||
    !Number.isInteger(expiry.year)
  ) {
    throw new PaymentProviderError('DECLINED', 'invalid_expiry: the expiry date is not valid');
  }
  if (cardExpired(expiry, now)) {
    throw new PaymentProviderError('DECLINED', 'invalid_expiry: the card has expired');
  }
  if (!CardCvc.safeParse(card.cvc).success)
    throw new PaymentProviderError('DECLINED', 'invalid_cvc: the CVC is not valid');
  return number.data;
}
