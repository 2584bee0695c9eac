import Stripe from 'stripe';
import { isPositiveCents } from './money.ts';
import {
  type CardDetails,
  type ChargeState,
  type CreateChargeInput,
  type Currency,
  type PaymentMethod,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
  WebhookSignatureError,
} from './payment-provider.ts';
import { headerValue, type RawHeaders, WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';
import {
  currencyOf,
  declineReason,
  INTENT_EVENTS,
  intentState,
  SESSION_EVENTS,
  sessionState,
} from './stripe-states.ts';

/**
 * Stripe through its official SDK: cards only, in BRL and USD, amounts in cents as Stripe expects.
 * The SDK does the HTTP, the form encoding, the retries (with our idempotency keys) and the webhook
 * signature; this adapter maps our provider interface onto it.
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
 * Webhooks: `Stripe-Signature`, checked by stripe.webhooks.constructEvent with a 300 s tolerance.
 * Subscribe the endpoint to payment_intent.succeeded, .payment_failed, .canceled and
 * checkout.session.completed, .async_payment_succeeded, .async_payment_failed, .expired.
 */

/**
 * The API version every request is pinned to: the one this SDK release is typed for, so a library
 * upgrade that moves it fails the typecheck here instead of changing replies silently.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeOptions {
  /** Another address for the API (a local stand-in in tests); https://api.stripe.com by default. */
  baseUrl?: string;
  secretKey: string;
  webhookSecret: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries of connection failures, 409 and 5xx, each under the same idempotency key (default 2). */
  maxNetworkRetries?: number;
  now?: () => Date;
}

/** The Stripe-Signature header Stripe would send, built by the SDK's own test helper. */
export function signStripeWebhook(body: string | Buffer, secret: string, t: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: typeof body === 'string' ? body : body.toString('utf8'),
    secret,
    timestamp: t,
  });
}

function requireOption(condition: boolean, name: string): void {
  if (!condition) throw new TypeError(`Stripe payment provider: invalid ${name}`);
}

function endpoint(baseUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  requireOption(url.protocol === 'https:' || url.protocol === 'http:', 'baseUrl');
  requireOption(url.pathname === '/' && !url.search, 'baseUrl (no path: the SDK adds /v1/…)');
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

export function createStripeProvider(opts: StripeOptions): PaymentProvider & { readonly name: 'stripe' } {
  requireOption(opts.secretKey.length > 0, 'secretKey');
  requireOption(opts.webhookSecret.length > 0, 'webhookSecret');
  requireOption(opts.timeoutMs > 0, 'timeoutMs');

  const clock = opts.now ?? (() => new Date());
  const stripe = new Stripe(opts.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    timeout: opts.timeoutMs,
    telemetry: false,
    ...endpoint(opts.baseUrl),
  });

  /** The SDK's errors in the store's words. */
  function failure(error: unknown): PaymentProviderError {
    if (error instanceof PaymentProviderError) return error;
    if (!(error instanceof Stripe.errors.StripeError)) {
      return new PaymentProviderError('BAD_REPLY', `Stripe call failed: ${String(error)}`);
    }
    if (error instanceof Stripe.errors.StripeConnectionError) {
      return new PaymentProviderError(
        'UNAVAILABLE',
        /timeout/i.test(error.message)
          ? `Stripe did not answer within ${opts.timeoutMs} ms`
          : 'Stripe could not be reached',
      );
    }
    const status = error.statusCode;
    // Stripe's message on 401 quotes part of the key: keep it out of errors that reach logs.
    if (status === 401 || status === 403) {
      return new PaymentProviderError('UNAVAILABLE', `Stripe refused our credentials (${status})`);
    }
    const message = `Stripe answered ${status ?? 'without a readable reply'}: ${error.message}`;
    if (status === 402) {
      const reason = declineReason(error);
      return new PaymentProviderError(
        reason === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'DECLINED',
        message,
      );
    }
    if (status === 404) return new PaymentProviderError('NOT_FOUND', message);
    if (status === 429 || (status !== undefined && status >= 500)) {
      return new PaymentProviderError('UNAVAILABLE', message);
    }
    if (status !== undefined && status >= 400) return new PaymentProviderError('UNSUPPORTED', message);
    // A 2xx the SDK could not read (not JSON).
    return new PaymentProviderError('BAD_REPLY', message);
  }

  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw failure(error);
    }
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

  const getIntent = (id: string) => call(() => stripe.paymentIntents.retrieve(id));

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
    try {
      const intent = await stripe.paymentIntents.confirm(
        providerRef,
        { payment_method: paymentMethod },
        { idempotencyKey: `confirm-${providerRef}-${paymentMethod}` },
      );
      return intentState(intent);
    } catch (error) {
      // A refused card is an outcome, not an error: report the failed charge and why.
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = error.payment_intent ?? (await getIntent(providerRef));
        return { ...intentState(intent), status: 'failed', failureReason: declineReason(error) };
      }
      if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') {
        return intentState(await getIntent(providerRef));
      }
      throw failure(error);
    }
  }

  function readEvent(rawBody: Buffer, headers: RawHeaders): Stripe.Event {
    try {
      return stripe.webhooks.constructEvent(
        rawBody,
        headerValue(headers, 'stripe-signature') ?? '',
        opts.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        clock().getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      throw new PaymentProviderError('BAD_REPLY', 'Stripe event is not JSON');
    }
  }

  return {
    name: 'stripe',
    payerRequired: [],
    supports,

    async createCharge(input) {
      checkInput(input);
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            description: input.description,
            allowed_payment_method_types: ['card'],
            metadata: { payment_id: input.paymentId },
          },
          { idempotencyKey: input.paymentId },
        ),
      );
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
        return sessionState(
          await call(() => stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] })),
        );
      }
      throw new PaymentProviderError('NOT_FOUND', `${providerRef} is not a Stripe reference`);
    },

    async createCheckoutSession(input) {
      checkInput(input);
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: { name: input.description },
                },
              },
            ],
            allowed_payment_method_types: ['card'],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            customer_email: input.payerEmail,
            client_reference_id: input.paymentId,
            metadata: { payment_id: input.paymentId },
            payment_intent_data: { metadata: { payment_id: input.paymentId, checkout: 'true' } },
          },
          // Its own key: the same paymentId may have made a PaymentIntent, and Stripe refuses a key
          // reused on another endpoint.
          { idempotencyKey: `checkout-${input.paymentId}` },
        ),
      );
      if (session.metadata?.payment_id !== input.paymentId) {
        throw new PaymentProviderError('BAD_REPLY', 'Stripe answered with another Checkout Session');
      }
      if (!session.url) throw new PaymentProviderError('BAD_REPLY', 'Checkout Session without URL');
      return { providerRef: session.id, url: session.url };
    },

    async parseWebhook(rawBody, headers): Promise<WebhookEvent | null> {
      const event = readEvent(rawBody, headers);
      const object = event.data.object as { object?: unknown };

      if (event.type.startsWith('payment_intent.') && object.object === 'payment_intent') {
        const status = INTENT_EVENTS[event.type];
        const intent = object as Stripe.PaymentIntent;
        const currency = currencyOf(intent.currency);
        // Not one of ours (another integration on the account), or a checkout's: the session events tell.
        if (!status || !intent.metadata?.payment_id || intent.metadata.checkout === 'true' || !currency)
          return null;
        if (!Number.isSafeInteger(intent.amount))
          throw new PaymentProviderError('BAD_REPLY', 'unexpected Stripe event');
        return { eventId: event.id, providerRef: intent.id, status, amount: intent.amount, currency };
      }

      if (event.type.startsWith('checkout.session.') && object.object === 'checkout.session') {
        const statusOf = SESSION_EVENTS[event.type];
        const session = object as Stripe.Checkout.Session;
        const currency = currencyOf(session.currency);
        if (
          !statusOf ||
          !session.metadata?.payment_id ||
          !currency ||
          !Number.isSafeInteger(session.amount_total)
        ) {
          return null;
        }
        return {
          eventId: event.id,
          providerRef: session.id,
          status: statusOf(session),
          amount: session.amount_total as number,
          currency,
        };
      }
      return null;
    },
  };
}
