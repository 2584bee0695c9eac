import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { generateBoleto, MAX_BOLETO_AMOUNT } from '../boleto.ts';
import { buildBrCode, generateTxid } from '../br-code.ts';
import { isPositiveCents } from '../money.ts';
import {
  type Charge,
  type ChargeState,
  type CreateChargeInput,
  type Currency,
  type PaymentMethod,
  type PaymentProvider,
  PaymentProviderError,
} from '../payment-provider.ts';
import { type CardOutcome, SANDBOX_TEST_CARDS, validateCard } from './cards.ts';
import type { SandboxCharge, SandboxChargeKind, SandboxStore } from './store.ts';
import { createWebhookSender, parseSandboxWebhook, type WebhookSenderOptions } from './webhooks.ts';

/**
 * The offline sandbox: a fake provider that behaves like a real one. Charges live in a SandboxStore
 * (a PostgreSQL table in the app, since API processes are stateless), PIX codes and boleto lines are
 * well-formed, test cards decide card outcomes, and payments are announced by signed webhooks that
 * are retried with backoff.
 *
 * URLs: checkout pages (and the "boleto PDF" link) are `${checkoutBaseUrl}/${providerRef}`; the page
 * reads the charge with getCheckout(ref), pays cards with confirmCard and PIX/boleto with simulatePayment.
 *
 * Webhooks are described in webhooks.ts.
 * Expiry is noticed lazily (getCharge and friends) and sends no webhook.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Brasília has had no daylight saving time since 2019. */
const BRASILIA_OFFSET_MS = 3 * 3_600_000;
/** Like a Stripe Checkout Session, a card checkout page stops accepting payment after a day. */
const CARD_CHECKOUT_TTL_MS = DAY_MS;

export interface SandboxOptions extends WebhookSenderOptions {
  store: SandboxStore;
  pixExpiryMinutes: number;
  boletoExpiryDays: number;
  now?: () => Date;
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  checkoutBaseUrl: string;
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
  const checkoutBase = opts.checkoutBaseUrl.replace(/\/+$/, '');
  const checkoutUrl = (ref: string) => `${checkoutBase}/${encodeURIComponent(ref)}`;
  const deliverWebhook = createWebhookSender(opts, clock);

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

  return {
    name: 'sandbox',
    payerRequired: [],
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
      const number = validateCard(card, clock());
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

    async parseWebhook(rawBody, headers) {
      return parseSandboxWebhook(rawBody, headers, opts.webhookSecret, clock());
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
