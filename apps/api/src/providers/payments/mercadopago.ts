import { createHash } from 'node:crypto';
import { isValidTaxId } from '@numero/contract/wallet';
import { MercadoPagoConfig, Payment, Preference } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
  attemptsState,
  brasiliaEndOfDay,
  brasiliaTimestamp,
  type MpPayment,
  type MpPreference,
  parseReply,
  payerFields,
  paymentSchema,
  paymentSearchSchema,
  preferenceAmount,
  preferenceExpired,
  preferenceSchema,
  preferenceSearchSchema,
  readBoleto,
  readPix,
  stateOf,
} from './mercadopago-mapping.ts';
import { sdkFailure, verifyMercadoPagoWebhook } from './mercadopago-sdk.ts';
import { centsToDecimal, isPositiveCents } from './money.ts';
import {
  type CardDetails,
  type Charge,
  type ChargeState,
  type CreateChargeInput,
  type Currency,
  type PaymentMethod,
  type PaymentProvider,
  PaymentProviderError,
  type WebhookEvent,
} from './payment-provider.ts';

/**
 * Mercado Pago (Brazil: BRL only) through its official SDK, which does the HTTP, the retries under our
 * X-Idempotency-Key and the x-signature check; this adapter maps our provider interface onto it.
 *
 * providerRef, and why it has two shapes:
 * - PIX and boleto are created directly (POST /v1/payments): providerRef is Mercado Pago's payment id
 *   (digits), and external_reference is our paymentId.
 * - Cards and Checkout Pro have no Mercado Pago payment until the payer acts, and may collect several
 *   attempts (a refused card, then another). Their providerRef is "card:<paymentId>" or
 *   "checkout:<paymentId>", sent as the external_reference of the preference and of every payment, and
 *   their state is read across all payments with that reference. A preference holds the amount, so a
 *   card token can be charged later without trusting an amount from the browser.
 *
 * Cards: createCharge('card') returns the public key for Mercado Pago's card form (Bricks / MercadoPago.js);
 * the browser tokenises the card and the app calls confirmCard(ref, { number: <card token>,
 * brand: <payment_method_id from the form>, … }). Raw card numbers are refused.
 *
 * Webhooks: configure the secret of "Webhooks" in Mercado Pago's panel; notifications go to
 * opts.notificationUrl (+ source_news=webhooks, so only the signed Webhooks format is sent) with
 * `x-signature: ts=…,v1=…` and `x-request-id`. They only carry an id, so parseWebhook fetches the
 * payment to learn its state; a forged or replayed body can at worst make us ask again.
 */

const DEFAULT_BASE_URL = 'https://api.mercadopago.com';
const MINUTE_MS = 60_000;
/** Card forms and Checkout Pro links stop taking payment after a day, like a Stripe Checkout Session. */
const PREFERENCE_TTL_MS = 86_400_000;
const CARD_PREFIX = 'card:';
const CHECKOUT_PREFIX = 'checkout:';

export interface MercadoPagoOptions {
  /** Another address for the API (a local stand-in in tests); see docs/decisions/0006. */
  baseUrl?: string;
  accessToken: string;
  webhookSecret: string;
  notificationUrl: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries of network failures, 429 and 5xx, under the same idempotency key (default 2). */
  retries?: number;
  /** The public key for the browser card form; without it cards are not offered. */
  publicKey?: string;
  /** Lifetime of a PIX code (default 30). */
  pixExpiryMinutes?: number;
  /** Days until a boleto is due (default 3). */
  boletoExpiryDays?: number;
  /** The account requires the payer's CPF/CNPJ on PIX too (a boleto always needs it). */
  pixPayerRequired?: boolean;
  now?: () => Date;
}

function requireOption(condition: boolean, name: string): void {
  if (!condition) throw new TypeError(`Mercado Pago payment provider: invalid ${name}`);
}

export function createMercadoPagoProvider(
  opts: MercadoPagoOptions,
): PaymentProvider & { readonly name: 'mercadopago' } {
  requireOption(opts.accessToken.length > 0, 'accessToken');
  requireOption(opts.webhookSecret.length > 0, 'webhookSecret');
  requireOption(URL.canParse(opts.notificationUrl), 'notificationUrl');
  requireOption(opts.timeoutMs > 0, 'timeoutMs');
  requireOption(typeof AppConfig.BASE_URL === 'string', 'SDK (no AppConfig.BASE_URL to point at)');

  const baseUrl = (opts.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const clock = opts.now ?? (() => new Date());
  const pixExpiryMinutes = opts.pixExpiryMinutes ?? 30;
  const boletoExpiryDays = opts.boletoExpiryDays ?? 3;
  const payerRequired: PaymentMethod[] = opts.pixPayerRequired ? ['boleto', 'pix'] : ['boleto'];
  const notificationUrl = (() => {
    const url = new URL(opts.notificationUrl);
    url.searchParams.set('source_news', 'webhooks');
    return url.toString();
  })();

  /**
   * One SDK call. The SDK keeps its address in a process-wide static that it reads synchronously when a
   * request starts, so setting it right before the call is enough (docs/decisions/0006). A fresh config
   * per call, because the SDK's clients merge request options into their config for good.
   */
  async function sdk<T>(
    call: (clients: { payment: Payment; preference: Preference }) => Promise<T>,
    idempotencyKey?: string,
    clientErrorCode: PaymentProviderError['code'] = 'UNSUPPORTED',
  ): Promise<unknown> {
    const config = new MercadoPagoConfig({
      accessToken: opts.accessToken,
      options: {
        timeout: opts.timeoutMs,
        maxRetries: opts.retries ?? 2,
        initialDelay: 500,
        jitter: true,
        ...(idempotencyKey && { idempotencyKey }),
      },
    });
    try {
      (AppConfig as { BASE_URL: string }).BASE_URL = baseUrl;
      return await call({ payment: new Payment(config), preference: new Preference(config) });
    } catch (error) {
      throw sdkFailure(error, opts.timeoutMs, clientErrorCode);
    }
  }

  const getPayment = async (id: string) =>
    parseReply(paymentSchema, await sdk(({ payment }) => payment.get({ id })), 'payment');

  async function searchPayments(externalReference: string): Promise<MpPayment[]> {
    const options = {
      external_reference: externalReference,
      sort: 'date_created' as const,
      criteria: 'desc' as const,
      limit: 50,
    };
    const found = await sdk(({ payment }) => payment.search({ options }));
    return parseReply(paymentSearchSchema, found, 'payment search').results;
  }

  async function findPreference(externalReference: string): Promise<MpPreference | null> {
    const options = { external_reference: externalReference };
    const found = await sdk(({ preference }) => preference.search({ options }));
    const id = parseReply(preferenceSearchSchema, found, 'preference search').elements[0]?.id;
    if (id === undefined) return null;
    const json = await sdk(({ preference }) => preference.get({ preferenceId: id }));
    const preference = parseReply(preferenceSchema, json, 'preference');
    if (preference.external_reference !== externalReference) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago returned a preference for another reference');
    }
    return preference;
  }

  /**
   * The state of a card or checkout charge across all its attempts: any approved payment makes it paid,
   * then any pending one keeps it pending. A refused card settles a card charge as failed, while a
   * Checkout Pro page stays open for another try until the preference expires.
   */
  async function referenceState(providerRef: string, fresh?: MpPayment): Promise<ChargeState> {
    const payments = (await searchPayments(providerRef)).filter((p) => p.id !== fresh?.id);
    if (fresh) payments.push(fresh);
    const settled = attemptsState(providerRef, payments);
    if (settled) return settled;
    const preference = await findPreference(providerRef);
    if (!preference) throw new PaymentProviderError('NOT_FOUND', `no Mercado Pago charge ${providerRef}`);
    return {
      providerRef,
      status: preferenceExpired(preference, clock()) ? 'expired' : 'pending',
      amount: preferenceAmount(preference),
      currency: 'BRL',
    };
  }

  async function createPreference(
    input: CreateChargeInput,
    externalReference: string,
    urls: { successUrl: string; cancelUrl: string } | null,
  ): Promise<MpPreference> {
    const now = clock();
    const body = {
      items: [
        {
          id: input.paymentId,
          title: input.description,
          quantity: 1,
          unit_price: centsToDecimal(input.amount),
          currency_id: 'BRL',
        },
      ],
      payer: { email: input.payerEmail },
      external_reference: externalReference,
      notification_url: notificationUrl,
      expires: true,
      expiration_date_from: brasiliaTimestamp(now),
      expiration_date_to: brasiliaTimestamp(new Date(now.getTime() + PREFERENCE_TTL_MS)),
      ...(urls && {
        back_urls: { success: urls.successUrl, pending: urls.successUrl, failure: urls.cancelUrl },
        auto_return: 'approved',
      }),
    };
    const json = await sdk(
      ({ preference }) => preference.create({ body }),
      `preference-${externalReference}`,
    );
    const preference = parseReply(preferenceSchema, json, 'preference');
    if (preference.external_reference !== externalReference) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago answered with another preference');
    }
    return preference;
  }

  async function createDirect(input: CreateChargeInput): Promise<Charge> {
    // A registered boleto needs who pays; PIX sends the CPF when the app has it, and needs it when the
    // account requires it. The number never goes into an error message: those reach logs.
    if (payerRequired.includes(input.method) && !input.payer) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `a Mercado Pago ${input.method} needs the payer name and CPF/CNPJ`,
      );
    }
    if (input.payer && !isValidTaxId(input.payer.taxId)) {
      throw new PaymentProviderError('UNSUPPORTED', "the payer's CPF/CNPJ has wrong check digits");
    }
    const now = clock();
    const expiresAt =
      input.method === 'pix'
        ? new Date(now.getTime() + pixExpiryMinutes * MINUTE_MS)
        : brasiliaEndOfDay(now, boletoExpiryDays);
    const body = {
      transaction_amount: centsToDecimal(input.amount),
      description: input.description,
      payment_method_id: input.method === 'pix' ? 'pix' : 'bolbradesco',
      payer: payerFields(input),
      external_reference: input.paymentId,
      notification_url: notificationUrl,
      date_of_expiration: brasiliaTimestamp(expiresAt),
    };
    const json = await sdk(({ payment }) => payment.create({ body }), input.paymentId);
    const payment = parseReply(paymentSchema, json, 'payment');
    // An idempotency key reused for another payment would hand us someone else's charge.
    if (payment.external_reference !== input.paymentId) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago answered with another payment');
    }
    const state = stateOf(payment, payment.id);
    if (state.amount !== input.amount)
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago changed the amount');
    const charge: Charge = {
      providerRef: payment.id,
      status: state.status,
      expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : expiresAt,
    };
    if (input.method === 'pix') charge.pix = await readPix(payment, input.amount);
    else charge.boleto = readBoleto(payment, input.amount);
    return charge;
  }

  function supports(method: PaymentMethod, currency: Currency): boolean {
    if (currency !== 'BRL') return false;
    return method === 'card' ? Boolean(opts.publicKey) : true;
  }

  function checkInput(input: CreateChargeInput): void {
    if (!supports(input.method, input.currency)) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        `Mercado Pago takes no ${input.method} in ${input.currency}`,
      );
    }
    if (!isPositiveCents(input.amount))
      throw new PaymentProviderError('UNSUPPORTED', 'amount must be positive cents');
    if (!input.paymentId) throw new PaymentProviderError('UNSUPPORTED', 'paymentId is required');
  }

  async function confirmCard(providerRef: string, card: CardDetails): Promise<ChargeState> {
    if (!providerRef.startsWith(CARD_PREFIX)) {
      throw new PaymentProviderError('UNSUPPORTED', `${providerRef} is not a Mercado Pago card charge`);
    }
    const token = card.number.trim();
    if (/^[\d\s-]{12,23}$/.test(token)) {
      throw new PaymentProviderError(
        'UNSUPPORTED',
        'send the Mercado Pago card token, never the card number',
      );
    }
    if (!/^[A-Za-z0-9]{16,64}$/.test(token)) throw new PaymentProviderError('DECLINED', 'invalid card token');

    // A charge is settled by its first outcome, as in the sandbox: never charge a second card after an
    // approval (or while one is under review), and a refusal stands until the app opens a new charge.
    const earlier = attemptsState(providerRef, await searchPayments(providerRef));
    if (earlier) return earlier;
    const preference = await findPreference(providerRef);
    if (!preference) throw new PaymentProviderError('NOT_FOUND', `no Mercado Pago charge ${providerRef}`);
    if (preferenceExpired(preference, clock())) {
      return { providerRef, status: 'expired', amount: preferenceAmount(preference), currency: 'BRL' };
    }

    const body = {
      transaction_amount: centsToDecimal(preferenceAmount(preference)),
      token,
      installments: 1,
      payer: { email: preference.payer?.email ?? undefined },
      external_reference: providerRef,
      notification_url: notificationUrl,
      // Approve or refuse now: a wallet top-up has no use for a payment left under review.
      binary_mode: true,
      ...(card.brand && { payment_method_id: card.brand }),
    };
    // One key per (charge, token): a retried request is answered once, a new card is a new attempt.
    const idempotencyKey = createHash('sha256').update(`${providerRef}:${token}`).digest('hex');
    const json = await sdk(({ payment }) => payment.create({ body }), idempotencyKey, 'DECLINED');
    const payment = parseReply(paymentSchema, json, 'payment');
    if (payment.external_reference !== providerRef) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago answered with another payment');
    }
    return stateOf(payment, providerRef);
  }

  return {
    name: 'mercadopago',
    payerRequired,
    supports,

    async createCharge(input) {
      checkInput(input);
      if (input.method !== 'card') return createDirect(input);
      const providerRef = `${CARD_PREFIX}${input.paymentId}`;
      const preference = await createPreference(input, providerRef, null);
      const until = preference.expiration_date_to ? new Date(preference.expiration_date_to) : null;
      return {
        providerRef,
        status: 'pending',
        expiresAt: until && !Number.isNaN(until.getTime()) ? until : null,
        card: { publicKey: opts.publicKey },
      };
    },

    confirmCard,

    async getCharge(providerRef) {
      if (/^\d+$/.test(providerRef)) return stateOf(await getPayment(providerRef), providerRef);
      if (providerRef.startsWith(CARD_PREFIX) || providerRef.startsWith(CHECKOUT_PREFIX)) {
        return referenceState(providerRef);
      }
      throw new PaymentProviderError('NOT_FOUND', `${providerRef} is not a Mercado Pago reference`);
    },

    async createCheckoutSession(input) {
      if (input.currency !== 'BRL')
        throw new PaymentProviderError('UNSUPPORTED', 'Mercado Pago takes only BRL');
      if (!isPositiveCents(input.amount))
        throw new PaymentProviderError('UNSUPPORTED', 'amount must be positive cents');
      const providerRef = `${CHECKOUT_PREFIX}${input.paymentId}`;
      const preference = await createPreference(input, providerRef, {
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      if (!preference.init_point)
        throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago sent no checkout URL');
      return { providerRef, url: preference.init_point };
    },

    async parseWebhook(rawBody, headers): Promise<WebhookEvent | null> {
      const { dataId, body, requestId } = verifyMercadoPagoWebhook(
        rawBody,
        headers,
        opts.webhookSecret,
        clock().getTime(),
      );
      if (body.type !== 'payment') return null;
      if (!/^\d+$/.test(dataId))
        throw new PaymentProviderError('BAD_REPLY', 'payment notification with a bad id');
      const payment = await getPayment(dataId);
      const reference = payment.external_reference;
      if (!reference) return null;
      const state =
        reference.startsWith(CARD_PREFIX) || reference.startsWith(CHECKOUT_PREFIX)
          ? await referenceState(reference, payment)
          : stateOf(payment, payment.id);
      return {
        eventId: requestId ?? `${body.id ?? dataId}:${body.action ?? ''}`,
        providerRef: state.providerRef,
        status: state.status,
        amount: state.amount,
        currency: state.currency,
      };
    },
  };
}
