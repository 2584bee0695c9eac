import { z } from 'zod';
import type { ChargeStatus, Currency } from './payment-provider.ts';

// The parts of Stripe's replies and events the adapter reads, checked before use, and how their values
// map onto the store's.

export const paymentErrorSchema = z.object({
  type: z.string().nullish(),
  code: z.string().nullish(),
  decline_code: z.string().nullish(),
  message: z.string().nullish(),
});
export type StripeError = z.infer<typeof paymentErrorSchema>;

export const paymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal('payment_intent'),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  client_secret: z.string().nullish(),
  last_payment_error: paymentErrorSchema.nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  status: z.string().nullish(),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  url: z.string().nullish(),
  payment_intent: z.union([z.string(), paymentIntentSchema]).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const errorReplySchema = z.object({
  error: paymentErrorSchema.extend({ payment_intent: paymentIntentSchema.nullish() }),
});

export const INTENT_EVENTS: Record<string, ChargeStatus> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'cancelled',
};

export const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});

/** Stripe's decline codes, with its generic ones folded into the store's "declined". */
export function declineReason(error: StripeError | null | undefined): string {
  const code = error?.decline_code ?? error?.code;
  if (!code || code === 'card_declined' || code === 'generic_decline') return 'declined';
  return code;
}

export function currencyOf(code: string | null | undefined): Currency | null {
  if (code === 'brl') return 'BRL';
  if (code === 'usd') return 'USD';
  return null;
}
