import type Stripe from 'stripe';
import {
  type ChargeState,
  type ChargeStatus,
  type Currency,
  PaymentProviderError,
} from './payment-provider.ts';

// How Stripe's objects read in the store's words: statuses, decline reasons, currencies.

interface DeclineSource {
  code?: string | null;
  decline_code?: string | null;
}

/** Stripe's decline codes, with its generic ones folded into the store's "declined". */
export function declineReason(error: DeclineSource | null | undefined): string {
  const code = error?.decline_code ?? error?.code;
  if (!code || code === 'card_declined' || code === 'generic_decline') return 'declined';
  return code;
}

export function currencyOf(code: string | null | undefined): Currency | null {
  if (code === 'brl') return 'BRL';
  if (code === 'usd') return 'USD';
  return null;
}

export const INTENT_EVENTS: Record<string, ChargeStatus> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'cancelled',
};

export const SESSION_EVENTS: Record<string, (session: Stripe.Checkout.Session) => ChargeStatus> = {
  'checkout.session.completed': (session) => (session.payment_status === 'unpaid' ? 'pending' : 'paid'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

export function intentState(intent: Stripe.PaymentIntent): ChargeState {
  const currency = currencyOf(intent.currency);
  if (!currency) throw new PaymentProviderError('BAD_REPLY', `unexpected currency ${intent.currency}`);
  let status: ChargeStatus;
  switch (intent.status) {
    case 'succeeded':
      status = 'paid';
      break;
    case 'canceled':
      status = 'cancelled';
      break;
    // Back to "requires_payment_method" after a refused card, or still waiting for the first one.
    case 'requires_payment_method':
      status = intent.last_payment_error ? 'failed' : 'pending';
      break;
    case 'requires_confirmation':
    case 'requires_action':
    case 'processing':
    case 'requires_capture':
      status = 'pending';
      break;
    default:
      throw new PaymentProviderError('BAD_REPLY', `unknown PaymentIntent status ${String(intent.status)}`);
  }
  const state: ChargeState = { providerRef: intent.id, status, amount: intent.amount, currency };
  if (status === 'failed') state.failureReason = declineReason(intent.last_payment_error);
  return state;
}

export function sessionState(session: Stripe.Checkout.Session): ChargeState {
  const currency = currencyOf(session.currency);
  if (!currency || typeof session.amount_total !== 'number') {
    throw new PaymentProviderError('BAD_REPLY', 'Checkout Session without amount or currency');
  }
  let status: ChargeStatus = 'pending';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') status = 'paid';
  else if (session.status === 'expired') status = 'expired';
  else if (
    session.status === 'complete' &&
    typeof session.payment_intent === 'object' &&
    session.payment_intent
  ) {
    // Submitted but unpaid: only the PaymentIntent knows whether it is still on its way or refused.
    const intent = intentState(session.payment_intent).status;
    if (intent === 'failed' || intent === 'cancelled') status = intent;
  }
  return { providerRef: session.id, status, amount: session.amount_total, currency };
}
