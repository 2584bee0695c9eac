import type { z } from 'zod';
import { callProvider, type HttpReply } from './http.ts';
import { isPositiveCents } from './money.ts';
import {
  type CardDetails,
  type Charge,
  type ChargeState,
  type ChargeStatus,
  type CreateChargeInput,
  type Currency,
  type PaymentMethod,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from './payment-provider.ts';
import { headerValue, type RawHeaders, signTimestamped, verifyTimestamped } from './signature.ts';
import {
  type CheckoutSession,
  checkoutSessionSchema,
  currencyOf,
  declineReason,
  errorReplySchema,
  eventSchema,
  INTENT_EVENTS,
  type PaymentIntent,
  paymentIntentSchema,
} from './stripe-schemas.ts';

/**
 * Stripe: cards only, in BRL and USD, amounts in cents as Stripe expects.
 *
 * providerRef:
 * - createCharge makes a PaymentIntent; providerRef is its id (pi_…) and Charge.card.clientSecret goes
 *   to Stripe.js. confirmCard(ref, { number: 'pm_…' }) confirms it with the PaymentMethod id Stripe.js
 *   created (test ids such as pm_card_visa work in test mode). Raw card numbers are refused.
 * - createCheckoutSession makes a Checkout Session; providerRef is the session id (cs_…), because the
 *   session's PaymentIntent does not exist until the payer submits the page. Every checkout.session.*
 *   event maps to that same cs_… id, so checkout.session.completed and
 *   checkout.session.async_payment_succeeded for one payment land on one charge (the store sees "paid"
 *   twice under two event ids and must treat the second as a no-op). payment_intent.* events of a
 *   session's PaymentIntent are ignored (marked by metadata[checkout]=true): the session events speak
 *   for it, and a refused card there does not end the session.
 *
 * Webhooks: `Stripe-Signature: t=…,v1=…[,v1=…]`, HMAC-SHA256 of "<t>.<raw body>" with the endpoint
 * secret (whsec_…), 300 s tolerance. Subscribe the endpoint to payment_intent.succeeded,
 * payment_intent.payment_failed, payment_intent.canceled and checkout.session.completed,
 * .async_payment_succeeded, .async_payment_failed, .expired.
 */

const DEFAULT_BASE_URL = 'https://api.stripe.com';

export interface StripeOptions {
  baseUrl?: string;
  secretKey: string;
  webhookSecret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** The Stripe-Signature header Stripe would send (what the SDK's generateTestHeaderString builds). */
export function signStripeWebhook(body: string | Buffer, secret: string, t: number): string {
  return signTimestamped(body, secret, t);
}

function requireOption(condition: boolean, name: string): void {
  if (!condition) throw new TypeError(`Stripe payment provider: invalid ${name}`);
}

export function createStripeProvider(opts: StripeOptions): PaymentProvider & { readonly name: 'stripe' } {
  requireOption(opts.secretKey.length > 0, 'secretKey');
  requireOption(opts.webhookSecret.length > 0, 'webhookSecret');
  requireOption(opts.timeoutMs > 0, 'timeoutMs');

  const baseUrl = (opts.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = opts.fetch ?? fetch;
  const clock = opts.now ?? (() => new Date());

  function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const result = schema.safeParse(json);
    if (!result.success) throw new PaymentProviderError('BAD_REPLY', `unexpected Stripe ${what}`);
    return result.data;
  }

  function call(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, string | number>,
    idempotencyKey?: string,
  ): Promise<HttpReply> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.secretKey}` };
    let body: string | undefined;
    if (params) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) form.append(key, String(value));
      body = form.toString();
    }
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return callProvider(fetchImpl, 'Stripe', opts.timeoutMs, {
      method,
      url: `${baseUrl}${path}`,
      headers,
      body,
    });
  }

  function failure(reply: HttpReply): PaymentProviderError {
    const parsed = errorReplySchema.safeParse(reply.json);
    const error = parsed.success ? parsed.data.error : undefined;
    const message = `Stripe answered ${reply.status}${error?.message ? `: ${error.message}` : ''}`;
    if (reply.status === 402) {
      const reason = declineReason(error);
      return new PaymentProviderError(
        reason === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'DECLINED',
        message,
      );
    }
    if (reply.status === 404) return new PaymentProviderError('NOT_FOUND', message);
    // Stripe's message on 401 quotes part of the key: keep it out of errors that reach logs.
    if (reply.status === 401 || reply.status === 403) {
      return new PaymentProviderError('UNAVAILABLE', `Stripe refused our credentials (${reply.status})`);
    }
    if (reply.status === 429 || reply.status >= 500) return new PaymentProviderError('UNAVAILABLE', message);
    if (reply.status >= 400 && reply.status < 500) return new PaymentProviderError('UNSUPPORTED', message);
    return new PaymentProviderError('BAD_REPLY', message);
  }

  async function request(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, string | number>,
    idempotencyKey?: string,
  ): Promise<unknown> {
    const reply = await call(method, path, params, idempotencyKey);
    if (reply.status < 200 || reply.status >= 300) throw failure(reply);
    return reply.json;
  }

  function intentState(intent: PaymentIntent): ChargeState {
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
        throw new PaymentProviderError('BAD_REPLY', `unknown PaymentIntent status ${intent.status}`);
    }
    const state: ChargeState = { providerRef: intent.id, status, amount: intent.amount, currency };
    if (status === 'failed') state.failureReason = declineReason(intent.last_payment_error);
    return state;
  }

  function sessionState(session: CheckoutSession): ChargeState {
    const currency = currencyOf(session.currency);
    if (!currency || typeof session.amount_total !== 'number') {
      throw new PaymentProviderError('BAD_REPLY', 'Checkout Session without amount or currency');
    }
    let status: ChargeStatus = 'pending';
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
      status = 'paid';
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

  function supports(method: PaymentMethod, currency: Currency): boolean {
    return method === 'card' && (currency === 'BRL' || currency === 'USD');
  }

  function checkInput(input: CreateChargeInput): void {
    if (!supports(input.method, input.currency)) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `Stripe here takes no ${input.method} in ${input.currency}`,
      );
    }
    if (!isPositiveCents(input.amount))
      throw new PaymentProviderError('UNSUPPORTED', 'amount must be positive cents');
    if (!input.paymentId) throw new PaymentProviderError('UNSUPPORTED', 'paymentId is required');
  }

  async function getIntent(id: string): Promise<PaymentIntent> {
    return parse(
      paymentIntentSchema,
      await request('GET', `/v1/payment_intents/${encodeURIComponent(id)}`),
      'PaymentIntent',
    );
  }

  async function confirmCard(providerRef: string, card: CardDetails): Promise<ChargeState> {
    if (!providerRef.startsWith('pi_')) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `${providerRef} is not a PaymentIntent (checkouts are paid on Stripe)`,
      );
    }
    const paymentMethod = card.number.trim();
    if (!/^pm_[A-Za-z0-9_]+$/.test(paymentMethod)) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        'send the PaymentMethod id from Stripe.js, never a card number',
      );
    }
    // As in the sandbox, the first outcome settles the charge: confirming again reports it.
    const current = intentState(await getIntent(providerRef));
    if (current.status !== 'pending') return current;

    const reply = await call(
      'POST',
      `/v1/payment_intents/${encodeURIComponent(providerRef)}/confirm`,
      { payment_method: paymentMethod },
      `confirm-${providerRef}-${paymentMethod}`,
    );
    if (reply.status >= 200 && reply.status < 300)
      return intentState(parse(paymentIntentSchema, reply.json, 'PaymentIntent'));

    const parsed = errorReplySchema.safeParse(reply.json);
    const error = parsed.success ? parsed.data.error : undefined;
    // A refused card is an outcome, not an error: report the failed charge and why.
    if (reply.status === 402 && error?.type === 'card_error') {
      const intent = error.payment_intent ?? (await getIntent(providerRef));
      return { ...intentState(intent), status: 'failed', failureReason: declineReason(error) };
    }
    if (error?.code === 'payment_intent_unexpected_state') return intentState(await getIntent(providerRef));
    throw failure(reply);
  }

  return {
    name: 'stripe',
    supports,

    async createCharge(input): Promise<Charge> {
      checkInput(input);
      const json = await request(
        'POST',
        '/v1/payment_intents',
        {
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          description: input.description,
          'payment_method_types[0]': 'card',
          'metadata[payment_id]': input.paymentId,
        },
        input.paymentId,
      );
      const intent = parse(paymentIntentSchema, json, 'PaymentIntent');
      if (intent.metadata?.payment_id !== input.paymentId || intent.amount !== input.amount) {
        throw new PaymentProviderError('BAD_REPLY', 'Stripe answered with another PaymentIntent');
      }
      if (!intent.client_secret)
        throw new PaymentProviderError('BAD_REPLY', 'PaymentIntent without client secret');
      return {
        providerRef: intent.id,
        status: intentState(intent).status,
        expiresAt: null,
        card: { clientSecret: intent.client_secret },
      };
    },

    confirmCard,

    async getCharge(providerRef) {
      if (providerRef.startsWith('pi_')) return intentState(await getIntent(providerRef));
      if (providerRef.startsWith('cs_')) {
        const json = await request(
          'GET',
          `/v1/checkout/sessions/${encodeURIComponent(providerRef)}?expand[]=payment_intent`,
        );
        return sessionState(parse(checkoutSessionSchema, json, 'Checkout Session'));
      }
      throw new PaymentProviderError('NOT_FOUND', `${providerRef} is not a Stripe reference`);
    },

    async createCheckoutSession(input) {
      checkInput(input);
      const json = await request(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          'line_items[0][quantity]': 1,
          'line_items[0][price_data][currency]': input.currency.toLowerCase(),
          'line_items[0][price_data][unit_amount]': input.amount,
          'line_items[0][price_data][product_data][name]': input.description,
          'payment_method_types[0]': 'card',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          customer_email: input.payerEmail,
          client_reference_id: input.paymentId,
          'metadata[payment_id]': input.paymentId,
          'payment_intent_data[metadata][payment_id]': input.paymentId,
          'payment_intent_data[metadata][checkout]': 'true',
        },
        // Its own key: the same paymentId may have made a PaymentIntent, and Stripe refuses a key
        // reused on another endpoint.
        `checkout-${input.paymentId}`,
      );
      const session = parse(checkoutSessionSchema, json, 'Checkout Session');
      if (session.metadata?.payment_id !== input.paymentId) {
        throw new PaymentProviderError('BAD_REPLY', 'Stripe answered with another Checkout Session');
      }
      if (!session.url) throw new PaymentProviderError('BAD_REPLY', 'Checkout Session without URL');
      return { providerRef: session.id, url: session.url };
    },

    async parseWebhook(rawBody: Buffer, headers: RawHeaders): Promise<WebhookEvent | null> {
      verifyTimestamped(
        rawBody,
        headerValue(headers, 'stripe-signature'),
        opts.webhookSecret,
        clock().getTime(),
      );
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new PaymentProviderError('BAD_REPLY', 'Stripe event is not JSON');
      }
      const event = parse(eventSchema, json, 'event');
      const object = event.data.object;

      if (event.type.startsWith('payment_intent.')) {
        const status = INTENT_EVENTS[event.type];
        if (!status) return null;
        const intent = parse(paymentIntentSchema, object, 'PaymentIntent');
        const currency = currencyOf(intent.currency);
        // Not one of ours (another integration on the account), or a checkout's: the session events tell.
        if (!intent.metadata?.payment_id || intent.metadata.checkout === 'true' || !currency) return null;
        return { eventId: event.id, providerRef: intent.id, status, amount: intent.amount, currency };
      }

      if (event.type.startsWith('checkout.session.')) {
        const session = parse(checkoutSessionSchema, object, 'Checkout Session');
        const currency = currencyOf(session.currency);
        if (!session.metadata?.payment_id || !currency || typeof session.amount_total !== 'number')
          return null;
        let status: ChargeStatus;
        switch (event.type) {
          case 'checkout.session.completed':
            status = session.payment_status === 'unpaid' ? 'pending' : 'paid';
            break;
          case 'checkout.session.async_payment_succeeded':
            status = 'paid';
            break;
          case 'checkout.session.async_payment_failed':
            status = 'failed';
            break;
          case 'checkout.session.expired':
            status = 'expired';
            break;
          default:
            return null;
        }
        return { eventId: event.id, providerRef: session.id, status, amount: session.amount_total, currency };
      }
      return null;
    },
  };
}
