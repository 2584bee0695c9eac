import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import { generateBoleto, MAX_BOLETO_AMOUNT } from './boleto.ts';
import { buildBrCode, generateTxid } from './br-code.ts';
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

/**
 * The offline sandbox: a fake provider that behaves like a real one. Charges live in a SandboxStore
 * (a PostgreSQL table in the app, since API processes are stateless), PIX codes and boleto lines are
 * well-formed, test cards decide card outcomes, and payments are announced by signed webhooks that
 * are retried with backoff.
 *
 * URLs: checkout pages (and the "boleto PDF" link) are `${checkoutBaseUrl}/${providerRef}`; the page
 * reads the charge with getCheckout(ref), pays cards with confirmCard and PIX/boleto with simulatePayment.
 *
 * Webhooks: POST opts.webhookUrl, JSON
 *   {"id":"evt_…","type":"charge.paid"|"charge.failed","created":<unix>,
 *    "data":{"providerRef","status","amount","currency"}}
 * with header `x-sandbox-signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, re-signed on each
 * attempt. Deliveries live in this process's timers only: a restart loses pending retries, so the app
 * should also poll getCharge for charges that stay pending (it has to for real providers anyway).
 * Expiry is noticed lazily (getCharge and friends) and sends no webhook.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Brasília has had no daylight saving time since 2019. */
const BRASILIA_OFFSET_MS = 3 * 3_600_000;
/** Like a Stripe Checkout Session, a card checkout page stops accepting payment after a day. */
const CARD_CHECKOUT_TTL_MS = DAY_MS;

export type SandboxChargeKind = 'charge' | 'checkout';

/**
 * One row of the sandbox's charges table. Suggested PostgreSQL table:
 *
 *   CREATE TABLE sandbox_charges (
 *     provider_ref   text PRIMARY KEY,
 *     payment_id     text NOT NULL UNIQUE,
 *     kind           text NOT NULL CHECK (kind IN ('charge', 'checkout')),
 *     method         text NOT NULL CHECK (method IN ('pix', 'card', 'boleto')),
 *     amount         bigint NOT NULL CHECK (amount > 0),
 *     currency       text NOT NULL CHECK (currency IN ('BRL', 'USD')),
 *     description    text NOT NULL,
 *     payer_email    text NOT NULL,
 *     status         text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled')),
 *     failure_reason text,
 *     pix_copy_paste text,
 *     boleto_line    text,
 *     client_secret  text,
 *     success_url    text,
 *     cancel_url     text,
 *     expires_at     timestamptz,
 *     created_at     timestamptz NOT NULL,
 *     updated_at     timestamptz NOT NULL
 *   );
 *
 * No card number or CVC is ever stored.
 */
export interface SandboxCharge {
  providerRef: string;
  paymentId: string;
  kind: SandboxChargeKind;
  method: PaymentMethod;
  amount: number;
  currency: Currency;
  description: string;
  payerEmail: string;
  status: ChargeStatus;
  failureReason: string | null;
  pixCopyPaste: string | null;
  boletoLine: string | null;
  clientSecret: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SandboxChargePatch = Pick<SandboxCharge, 'status' | 'failureReason' | 'updatedAt'>;

export interface SandboxStore {
  /**
   * Stores a new charge, or, when a charge with the same paymentId exists, returns that one untouched
   * (idempotent create, safe under concurrency):
   *   INSERT … ON CONFLICT (payment_id) DO NOTHING RETURNING *; then SELECT … WHERE payment_id = $1 if no row.
   */
  insert(charge: SandboxCharge): Promise<SandboxCharge>;
  get(providerRef: string): Promise<SandboxCharge | null>;
  /**
   * Applies the patch and returns the updated charge; with expectedStatus only while the charge is
   * still in that status (compare-and-set), otherwise returns null:
   *   UPDATE … SET status = $2, failure_reason = $3, updated_at = $4
   *   WHERE provider_ref = $1 AND ($5::text IS NULL OR status = $5) RETURNING *
   */
  update(
    providerRef: string,
    patch: SandboxChargePatch,
    expectedStatus?: ChargeStatus,
  ): Promise<SandboxCharge | null>;
}

/** In-memory SandboxStore for tests and single-process development. */
export function createMemorySandboxStore(): SandboxStore {
  const byRef = new Map<string, SandboxCharge>();
  const refByPayment = new Map<string, string>();
  return {
    async insert(charge) {
      const existing = refByPayment.get(charge.paymentId);
      const stored = existing === undefined ? undefined : byRef.get(existing);
      if (stored) return structuredClone(stored);
      byRef.set(charge.providerRef, structuredClone(charge));
      refByPayment.set(charge.paymentId, charge.providerRef);
      return structuredClone(charge);
    },
    async get(providerRef) {
      const charge = byRef.get(providerRef);
      return charge ? structuredClone(charge) : null;
    },
    async update(providerRef, patch, expectedStatus) {
      const charge = byRef.get(providerRef);
      if (!charge || (expectedStatus !== undefined && charge.status !== expectedStatus)) return null;
      const next = { ...charge, ...patch };
      byRef.set(providerRef, next);
      return structuredClone(next);
    },
  };
}

type CardOutcome = { status: 'paid' } | { status: 'failed'; reason: string };

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

/** The sandbox's webhook signature header value for a body (tests and the app's own route tests). */
export function signSandboxWebhook(body: string | Buffer, secret: string, t: number): string {
  return signTimestamped(body, secret, t);
}

export interface WebhookAttempt {
  eventId: string;
  providerRef: string;
  attempt: number;
  outcome: 'delivered' | 'retrying' | 'gave_up';
  httpStatus?: number;
  error?: string;
}

export interface SandboxOptions {
  store: SandboxStore;
  webhookUrl: string;
  webhookSecret: string;
  /** Wait before the first delivery, like a real provider's queue. */
  webhookDelayMs: number;
  pixExpiryMinutes: number;
  boletoExpiryDays: number;
  now?: () => Date;
  fetch?: typeof fetch;
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  checkoutBaseUrl: string;
  /** First retry after this long, doubling each time (default 1000 ms). */
  webhookRetryBaseMs?: number;
  /** Attempts before a delivery is given up (default 5). */
  webhookMaxAttempts?: number;
  /** Deadline of one delivery attempt (default 10000 ms). */
  webhookTimeoutMs?: number;
  /** Told about each delivery attempt, for logs and tests. */
  onWebhookAttempt?: (attempt: WebhookAttempt) => void;
  /** FEBRABAN bank code printed in boleto lines (default 001). */
  boletoBankCode?: string;
}

export interface SandboxCheckout {
  charge: Charge;
  state: ChargeState;
  kind: SandboxChargeKind;
  method: PaymentMethod;
  description: string;
  successUrl: string | null;
  cancelUrl: string | null;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Pays (or fails) a pending charge as its payer would, then sends the signed webhook. */
  simulatePayment(providerRef: string, outcome?: 'paid' | 'failed'): Promise<ChargeState>;
  /** What the sandbox checkout page at `${checkoutBaseUrl}/${providerRef}` shows. */
  getCheckout(providerRef: string): Promise<SandboxCheckout>;
}

const eventEnvelopeSchema = z.object({ id: z.string().min(1), type: z.string(), data: z.unknown() });
const eventDataSchema = z.object({
  providerRef: z.string().min(1),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'cancelled']),
  amount: z.number().int().positive(),
  currency: z.enum(['BRL', 'USD']),
});
const HANDLED_EVENTS = new Set(['charge.paid', 'charge.failed', 'charge.expired', 'charge.cancelled']);

function requireOption(condition: boolean, name: string): void {
  if (!condition) throw new TypeError(`sandbox payment provider: invalid ${name}`);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createSandboxPaymentProvider(opts: SandboxOptions): SandboxPaymentProvider {
  requireOption(isHttpUrl(opts.webhookUrl), 'webhookUrl');
  requireOption(opts.webhookSecret.length > 0, 'webhookSecret');
  requireOption(Number.isFinite(opts.webhookDelayMs) && opts.webhookDelayMs >= 0, 'webhookDelayMs');
  requireOption(opts.pixExpiryMinutes > 0, 'pixExpiryMinutes');
  requireOption(Number.isInteger(opts.boletoExpiryDays) && opts.boletoExpiryDays >= 0, 'boletoExpiryDays');
  requireOption(isHttpUrl(opts.checkoutBaseUrl), 'checkoutBaseUrl');
  requireOption(opts.pixKey.trim().length > 0, 'pixKey');

  const { store } = opts;
  const clock = opts.now ?? (() => new Date());
  const fetchImpl = opts.fetch ?? fetch;
  const retryBaseMs = opts.webhookRetryBaseMs ?? 1000;
  const maxAttempts = opts.webhookMaxAttempts ?? 5;
  const deliveryTimeoutMs = opts.webhookTimeoutMs ?? 10_000;
  const checkoutBase = opts.checkoutBaseUrl.replace(/\/+$/, '');
  const checkoutUrl = (ref: string) => `${checkoutBase}/${encodeURIComponent(ref)}`;

  function supports(method: PaymentMethod, currency: Currency): boolean {
    return method === 'card' ? currency === 'BRL' || currency === 'USD' : currency === 'BRL';
  }

  async function load(providerRef: string): Promise<SandboxCharge> {
    const charge = await store.get(providerRef);
    if (!charge) throw new PaymentProviderError('NOT_FOUND', `no sandbox charge ${providerRef}`);
    return refreshExpiry(charge);
  }

  async function refreshExpiry(charge: SandboxCharge): Promise<SandboxCharge> {
    const now = clock();
    if (charge.status !== 'pending' || !charge.expiresAt || now < charge.expiresAt) return charge;
    const expired = await store.update(
      charge.providerRef,
      { status: 'expired', failureReason: null, updatedAt: now },
      'pending',
    );
    // Losing the race means someone settled it first: their outcome stands.
    return expired ?? (await store.get(charge.providerRef)) ?? charge;
  }

  function toState(charge: SandboxCharge): ChargeState {
    const state: ChargeState = {
      providerRef: charge.providerRef,
      status: charge.status,
      amount: charge.amount,
      currency: charge.currency,
    };
    if (charge.failureReason) state.failureReason = charge.failureReason;
    return state;
  }

  async function toCharge(charge: SandboxCharge): Promise<Charge> {
    const result: Charge = {
      providerRef: charge.providerRef,
      status: charge.status,
      expiresAt: charge.expiresAt,
    };
    if (charge.pixCopyPaste) {
      const qrCodeDataUrl = await QRCode.toDataURL(charge.pixCopyPaste, {
        errorCorrectionLevel: 'M',
        margin: 1,
      });
      result.pix = { copyPaste: charge.pixCopyPaste, qrCodeDataUrl };
    }
    if (charge.boletoLine)
      result.boleto = { digitableLine: charge.boletoLine, url: checkoutUrl(charge.providerRef) };
    if (charge.clientSecret) result.card = { clientSecret: charge.clientSecret };
    return result;
  }

  async function create(
    input: CreateChargeInput,
    kind: SandboxChargeKind,
    urls: { successUrl: string; cancelUrl: string } | null,
  ): Promise<SandboxCharge> {
    if (!supports(input.method, input.currency)) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `the sandbox takes no ${input.method} in ${input.currency}`,
      );
    }
    if (!isPositiveCents(input.amount))
      throw new PaymentProviderError('UNSUPPORTED', 'amount must be positive cents');
    if (input.method === 'boleto' && input.amount > MAX_BOLETO_AMOUNT) {
      throw new PaymentProviderError('UNSUPPORTED', 'amount is too large for a boleto');
    }
    if (!input.paymentId) throw new PaymentProviderError('UNSUPPORTED', 'paymentId is required');
    if (urls && !(isHttpUrl(urls.successUrl) && isHttpUrl(urls.cancelUrl))) {
      throw new PaymentProviderError('UNSUPPORTED', 'successUrl and cancelUrl must be http(s) URLs');
    }

    const now = clock();
    const providerRef = generateTxid();
    let pixCopyPaste: string | null = null;
    let boletoLine: string | null = null;
    let clientSecret: string | null = null;
    let expiresAt: Date | null = null;
    if (input.method === 'pix') {
      pixCopyPaste = buildBrCode({
        key: opts.pixKey,
        merchantName: opts.merchantName,
        merchantCity: opts.merchantCity,
        amount: input.amount,
        // A key code's reference label holds at most 25 characters: the head of our 32-character ref.
        txid: providerRef.slice(0, 25),
        oneTime: true,
      });
      expiresAt = new Date(now.getTime() + opts.pixExpiryMinutes * MINUTE_MS);
    } else if (input.method === 'boleto') {
      // A boleto is payable until the end of its due day in Brasília.
      const dueDate = new Date(now.getTime() - BRASILIA_OFFSET_MS + opts.boletoExpiryDays * DAY_MS)
        .toISOString()
        .slice(0, 10);
      boletoLine = generateBoleto({
        bankCode: opts.boletoBankCode,
        amount: input.amount,
        dueDate,
      }).digitableLine;
      expiresAt = new Date(`${dueDate}T23:59:59.999-03:00`);
    } else {
      clientSecret = `${providerRef}_secret_${randomBytes(16).toString('hex')}`;
      if (kind === 'checkout') expiresAt = new Date(now.getTime() + CARD_CHECKOUT_TTL_MS);
    }

    const stored = await store.insert({
      providerRef,
      paymentId: input.paymentId,
      kind,
      method: input.method,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      payerEmail: input.payerEmail,
      status: 'pending',
      failureReason: null,
      pixCopyPaste,
      boletoLine,
      clientSecret,
      successUrl: urls?.successUrl ?? null,
      cancelUrl: urls?.cancelUrl ?? null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    const sameTerms =
      stored.kind === kind &&
      stored.method === input.method &&
      stored.amount === input.amount &&
      stored.currency === input.currency;
    if (!sameTerms) {
      // What Stripe answers when an idempotency key comes back with different parameters.
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `payment ${input.paymentId} was already used with other terms`,
      );
    }
    return refreshExpiry(stored);
  }

  function later(ms: number, task: () => Promise<void>): void {
    // Unref'd: pending deliveries never keep a process (or a test run) alive.
    setTimeout(() => void task().catch(() => undefined), ms).unref();
  }

  function report(attempt: WebhookAttempt): void {
    try {
      opts.onWebhookAttempt?.(attempt);
    } catch {
      // A logging hook must not break deliveries.
    }
  }

  function deliverWebhook(charge: SandboxCharge): void {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: `charge.${charge.status}`,
      created: Math.floor(clock().getTime() / 1000),
      data: {
        providerRef: charge.providerRef,
        status: charge.status,
        amount: charge.amount,
        currency: charge.currency,
      },
    };
    const body = JSON.stringify(event);
    const base = { eventId: event.id, providerRef: charge.providerRef };

    const attemptDelivery = async (attempt: number): Promise<void> => {
      const t = Math.floor(clock().getTime() / 1000);
      let httpStatus: number | undefined;
      let error: string | undefined;
      try {
        const response = await fetchImpl(opts.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'numero-sandbox-webhooks/1',
            [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, opts.webhookSecret, t),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(deliveryTimeoutMs),
        });
        httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (httpStatus >= 200 && httpStatus < 300) {
          report({ ...base, attempt, outcome: 'delivered', httpStatus });
          return;
        }
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      if (attempt >= maxAttempts) {
        report({ ...base, attempt, outcome: 'gave_up', httpStatus, error });
        return;
      }
      report({ ...base, attempt, outcome: 'retrying', httpStatus, error });
      later(retryBaseMs * 2 ** (attempt - 1), () => attemptDelivery(attempt + 1));
    };

    later(opts.webhookDelayMs, () => attemptDelivery(1));
  }

  async function settle(charge: SandboxCharge, outcome: CardOutcome): Promise<SandboxCharge | null> {
    const settled = await store.update(
      charge.providerRef,
      {
        status: outcome.status,
        failureReason: outcome.status === 'failed' ? outcome.reason : null,
        updatedAt: clock(),
      },
      'pending',
    );
    if (settled) deliverWebhook(settled);
    return settled;
  }

  function validateCard(card: CardDetails): string {
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
    if (clock().getTime() >= Date.UTC(year, card.expMonth, 1)) {
      throw new PaymentProviderError('DECLINED', 'invalid_expiry: the card has expired');
    }
    if (!/^\d{3,4}$/.test(card.cvc))
      throw new PaymentProviderError('DECLINED', 'invalid_cvc: the CVC is not valid');
    return number;
  }

  return {
    name: 'sandbox',
    supports,

    async createCharge(input) {
      return toCharge(await create(input, 'charge', null));
    },

    async confirmCard(providerRef, card) {
      const charge = await load(providerRef);
      if (charge.method !== 'card')
        throw new PaymentProviderError('UNSUPPORTED', `charge ${providerRef} is not a card charge`);
      // Confirming again answers with the outcome already reached, without charging twice.
      if (charge.status !== 'pending') return toState(charge);
      const number = validateCard(card);
      const outcome = SANDBOX_TEST_CARDS[number] ?? { status: 'failed', reason: 'declined' };
      const settled = await settle(charge, outcome);
      return toState(settled ?? (await load(providerRef)));
    },

    async getCharge(providerRef) {
      return toState(await load(providerRef));
    },

    async createCheckoutSession(input) {
      const charge = await create(input, 'checkout', {
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      return { providerRef: charge.providerRef, url: checkoutUrl(charge.providerRef) };
    },

    async parseWebhook(rawBody: Buffer, headers: RawHeaders): Promise<WebhookEvent | null> {
      verifyTimestamped(
        rawBody,
        headerValue(headers, SANDBOX_SIGNATURE_HEADER),
        opts.webhookSecret,
        clock().getTime(),
      );
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook body is not JSON');
      }
      const envelope = eventEnvelopeSchema.safeParse(json);
      if (!envelope.success) throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook is not an event');
      if (!HANDLED_EVENTS.has(envelope.data.type)) return null;
      const data = eventDataSchema.safeParse(envelope.data.data);
      if (!data.success) throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook data is malformed');
      return {
        eventId: envelope.data.id,
        providerRef: data.data.providerRef,
        status: data.data.status,
        amount: data.data.amount,
        currency: data.data.currency,
      };
    },

    async simulatePayment(providerRef, outcome = 'paid') {
      const charge = await load(providerRef);
      if (charge.status !== 'pending') {
        throw new PaymentProviderError(
          'UNSUPPORTED',
          `charge ${providerRef} is ${charge.status}, not pending`,
        );
      }
      const settled = await settle(
        charge,
        outcome === 'paid' ? { status: 'paid' } : { status: 'failed', reason: 'simulated_failure' },
      );
      if (!settled) {
        const current = await load(providerRef);
        throw new PaymentProviderError(
          'UNSUPPORTED',
          `charge ${providerRef} is ${current.status}, not pending`,
        );
      }
      return toState(settled);
    },

    async getCheckout(providerRef) {
      const charge = await load(providerRef);
      return {
        charge: await toCharge(charge),
        state: toState(charge),
        kind: charge.kind,
        method: charge.method,
        description: charge.description,
        successUrl: charge.successUrl,
        cancelUrl: charge.cancelUrl,
      };
    },
  };
}
