import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { z } from 'zod';
import { barcodeToDigitableLine, validateDigitableLine } from './boleto.ts';
import { BrCodeError, parseBrCode } from './br-code.ts';
import { callProvider } from './http.ts';
import { centsToDecimal, decimalToCents, isPositiveCents } from './money.ts';
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
  WebhookSignatureError,
} from './payment-provider.ts';
import {
  checkTimestamp,
  headerValue,
  hexDigestsEqual,
  hmacSha256Hex,
  parseSignatureHeader,
  type RawHeaders,
} from './signature.ts';

/**
 * Mercado Pago (Brazil: BRL only).
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
const DAY_MS = 86_400_000;
const BRASILIA_OFFSET_MS = 3 * 3_600_000;
/** Card forms and Checkout Pro links stop taking payment after a day, like a Stripe Checkout Session. */
const PREFERENCE_TTL_MS = DAY_MS;
const CARD_PREFIX = 'card:';
const CHECKOUT_PREFIX = 'checkout:';

export interface MercadoPagoOptions {
  baseUrl?: string;
  accessToken: string;
  webhookSecret: string;
  notificationUrl: string;
  timeoutMs: number;
  /** The public key for the browser card form; without it cards are not offered. */
  publicKey?: string;
  /** Lifetime of a PIX code (default 30). */
  pixExpiryMinutes?: number;
  /** Days until a boleto is due (default 3). */
  boletoExpiryDays?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

const idSchema = z.union([z.number(), z.string()]).transform(String);

const paymentSchema = z.object({
  id: idSchema,
  status: z.string(),
  status_detail: z.string().nullish(),
  transaction_amount: z.number(),
  currency_id: z.string(),
  external_reference: z.string().nullish(),
  date_created: z.string().nullish(),
  date_of_expiration: z.string().nullish(),
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({ qr_code: z.string().nullish(), qr_code_base64: z.string().nullish() })
        .nullish(),
    })
    .nullish(),
  transaction_details: z
    .object({
      digitable_line: z.string().nullish(),
      external_resource_url: z.string().nullish(),
      barcode: z.object({ content: z.string().nullish() }).nullish(),
    })
    .nullish(),
  barcode: z.object({ content: z.string().nullish() }).nullish(),
});
type MpPayment = z.infer<typeof paymentSchema>;

const paymentSearchSchema = z.object({ results: z.array(paymentSchema) });

const preferenceSchema = z.object({
  id: z.string(),
  init_point: z.string().nullish(),
  external_reference: z.string().nullish(),
  expiration_date_to: z.string().nullish(),
  items: z.array(
    z.object({ unit_price: z.number(), quantity: z.number(), currency_id: z.string().nullish() }),
  ),
  payer: z.object({ email: z.string().nullish() }).nullish(),
});
type MpPreference = z.infer<typeof preferenceSchema>;

const preferenceSearchSchema = z.object({ elements: z.array(z.object({ id: z.string() })) });

const notificationSchema = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  type: z.string().nullish(),
  action: z.string().nullish(),
  data: z.object({ id: idSchema }),
});

const errorSchema = z.object({
  message: z.string().optional(),
  cause: z.array(z.object({ description: z.string().optional() })).optional(),
});

/** Mercado Pago's refusal details, in the words the rest of the store uses. */
const REFUSAL_REASONS: Record<string, string> = {
  cc_rejected_insufficient_amount: 'insufficient_funds',
  cc_rejected_bad_filled_security_code: 'incorrect_cvc',
  cc_rejected_bad_filled_date: 'invalid_expiry',
  cc_rejected_bad_filled_card_number: 'invalid_number',
  cc_rejected_bad_filled_other: 'invalid_card_details',
  cc_rejected_high_risk: 'fraudulent',
  cc_rejected_blacklist: 'fraudulent',
  cc_rejected_card_disabled: 'card_disabled',
  cc_rejected_call_for_authorize: 'call_issuer',
  cc_rejected_duplicated_payment: 'duplicate_transaction',
  cc_rejected_max_attempts: 'too_many_attempts',
};

function mapStatus(status: string, detail: string | null | undefined): ChargeStatus {
  switch (status) {
    case 'approved':
      return 'paid';
    // A dispute on an approved payment: the money is still ours until it is charged back.
    case 'in_mediation':
      return 'paid';
    case 'pending':
    case 'in_process':
    case 'authorized':
      return 'pending';
    case 'rejected':
      return 'failed';
    // Unpaid PIX codes and boletos end as cancelled/expired.
    case 'cancelled':
      return detail === 'expired' ? 'expired' : 'cancelled';
    // The money went back to the payer: the store must take the credit back too.
    case 'refunded':
    case 'charged_back':
      return 'cancelled';
    default:
      throw new PaymentProviderError('BAD_REPLY', `unknown Mercado Pago status ${status}`);
  }
}

/** 2026-03-10T15:30:00Z -> "2026-03-10T12:30:00.000-03:00", the format Mercado Pago documents. */
function brasiliaTimestamp(date: Date): string {
  return new Date(date.getTime() - BRASILIA_OFFSET_MS).toISOString().replace('Z', '-03:00');
}

function requireOption(condition: boolean, name: string): void {
  if (!condition) throw new TypeError(`Mercado Pago payment provider: invalid ${name}`);
}

/** Builds the `x-signature` header Mercado Pago would send (for tests of the webhook route). */
export function signMercadoPagoWebhook(
  dataId: string,
  requestId: string,
  secret: string,
  ts: number,
): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `ts=${ts},v1=${hmacSha256Hex(secret, `id:${id};request-id:${requestId};ts:${ts};`)}`;
}

export function createMercadoPagoProvider(
  opts: MercadoPagoOptions,
): PaymentProvider & { readonly name: 'mercadopago' } {
  requireOption(opts.accessToken.length > 0, 'accessToken');
  requireOption(opts.webhookSecret.length > 0, 'webhookSecret');
  requireOption(URL.canParse(opts.notificationUrl), 'notificationUrl');
  requireOption(opts.timeoutMs > 0, 'timeoutMs');

  const baseUrl = (opts.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = opts.fetch ?? fetch;
  const clock = opts.now ?? (() => new Date());
  const pixExpiryMinutes = opts.pixExpiryMinutes ?? 30;
  const boletoExpiryDays = opts.boletoExpiryDays ?? 3;
  const notificationUrl = (() => {
    const url = new URL(opts.notificationUrl);
    url.searchParams.set('source_news', 'webhooks');
    return url.toString();
  })();

  function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const result = schema.safeParse(json);
    if (!result.success) throw new PaymentProviderError('BAD_REPLY', `unexpected Mercado Pago ${what}`);
    return result.data;
  }

  async function api(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    clientErrorCode: PaymentProviderError['code'] = 'UNSUPPORTED',
  ): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.accessToken}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    const reply = await callProvider(fetchImpl, 'Mercado Pago', opts.timeoutMs, {
      method,
      url: `${baseUrl}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (reply.status >= 200 && reply.status < 300) return reply.json;
    const error = errorSchema.safeParse(reply.json);
    const detail = error.success ? (error.data.cause?.[0]?.description ?? error.data.message) : undefined;
    const message = `Mercado Pago answered ${reply.status}${detail ? `: ${detail}` : ''}`;
    if (reply.status === 404) throw new PaymentProviderError('NOT_FOUND', message);
    // Keep whatever the provider echoes about our credentials out of messages that reach logs.
    if (reply.status === 401 || reply.status === 403) {
      throw new PaymentProviderError('UNAVAILABLE', `Mercado Pago refused our credentials (${reply.status})`);
    }
    if (reply.status === 429 || reply.status >= 500) {
      throw new PaymentProviderError('UNAVAILABLE', message);
    }
    if (reply.status >= 400 && reply.status < 500) throw new PaymentProviderError(clientErrorCode, message);
    throw new PaymentProviderError('BAD_REPLY', message);
  }

  function currencyOf(currencyId: string): Currency {
    if (currencyId !== 'BRL')
      throw new PaymentProviderError('BAD_REPLY', `unexpected currency ${currencyId}`);
    return 'BRL';
  }

  function stateOf(payment: MpPayment, providerRef: string): ChargeState {
    const amount = decimalToCents(payment.transaction_amount);
    if (amount === null) throw new PaymentProviderError('BAD_REPLY', 'unreadable Mercado Pago amount');
    const status = mapStatus(payment.status, payment.status_detail);
    const state: ChargeState = { providerRef, status, amount, currency: currencyOf(payment.currency_id) };
    if (status === 'failed') state.failureReason = REFUSAL_REASONS[payment.status_detail ?? ''] ?? 'declined';
    return state;
  }

  async function searchPayments(externalReference: string): Promise<MpPayment[]> {
    const query = new URLSearchParams({
      external_reference: externalReference,
      sort: 'date_created',
      criteria: 'desc',
      limit: '50',
    });
    return parse(paymentSearchSchema, await api('GET', `/v1/payments/search?${query}`), 'payment search')
      .results;
  }

  async function findPreference(externalReference: string): Promise<MpPreference | null> {
    const query = new URLSearchParams({ external_reference: externalReference });
    const found = parse(
      preferenceSearchSchema,
      await api('GET', `/checkout/preferences/search?${query}`),
      'preference search',
    );
    const id = found.elements[0]?.id;
    if (id === undefined) return null;
    const preference = parse(
      preferenceSchema,
      await api('GET', `/checkout/preferences/${encodeURIComponent(id)}`),
      'preference',
    );
    if (preference.external_reference !== externalReference) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago returned a preference for another reference');
    }
    return preference;
  }

  function preferenceAmount(preference: MpPreference): number {
    let total = 0;
    for (const item of preference.items) {
      const unit = decimalToCents(item.unit_price);
      if (
        unit === null ||
        !Number.isInteger(item.quantity) ||
        (item.currency_id && item.currency_id !== 'BRL')
      ) {
        throw new PaymentProviderError('BAD_REPLY', 'unreadable Mercado Pago preference item');
      }
      total += unit * item.quantity;
    }
    return total;
  }

  function preferenceExpired(preference: MpPreference): boolean {
    const until = preference.expiration_date_to ? Date.parse(preference.expiration_date_to) : Number.NaN;
    return Number.isFinite(until) && clock().getTime() >= until;
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
      status: preferenceExpired(preference) ? 'expired' : 'pending',
      amount: preferenceAmount(preference),
      currency: 'BRL',
    };
  }

  /** What the attempts alone say about a card or checkout charge; null when only the preference can tell. */
  function attemptsState(providerRef: string, payments: MpPayment[]): ChargeState | null {
    const byRecency = payments
      .map((payment) => ({ payment, state: stateOf(payment, providerRef) }))
      .sort((a, b) => Date.parse(b.payment.date_created ?? '') - Date.parse(a.payment.date_created ?? ''));
    const chosen =
      byRecency.find((p) => p.state.status === 'paid') ??
      byRecency.find((p) => p.state.status === 'pending') ??
      (providerRef.startsWith(CARD_PREFIX) ? byRecency[0] : undefined);
    return chosen?.state ?? null;
  }

  async function createPreference(
    input: CreateChargeInput,
    externalReference: string,
    urls: { successUrl: string; cancelUrl: string } | null,
  ): Promise<MpPreference> {
    const now = clock();
    const body: Record<string, unknown> = {
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
    };
    if (urls) {
      body.back_urls = { success: urls.successUrl, pending: urls.successUrl, failure: urls.cancelUrl };
      body.auto_return = 'approved';
    }
    const preference = parse(
      preferenceSchema,
      await api('POST', '/checkout/preferences', body, `preference-${externalReference}`),
      'preference',
    );
    if (preference.external_reference !== externalReference) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago answered with another preference');
    }
    return preference;
  }

  function payerFields(input: CreateChargeInput): Record<string, unknown> {
    const payer: Record<string, unknown> = { email: input.payerEmail };
    if (!input.payer) return payer;
    const taxId = input.payer.taxId.replace(/\D/g, '');
    payer.first_name = input.payer.firstName;
    payer.last_name = input.payer.lastName;
    payer.identification = { type: taxId.length === 14 ? 'CNPJ' : 'CPF', number: taxId };
    const address = input.payer.address;
    if (address) {
      payer.address = {
        zip_code: address.zipCode.replace(/\D/g, ''),
        street_name: address.street,
        street_number: address.number,
        neighborhood: address.neighborhood,
        city: address.city,
        federal_unit: address.state,
      };
    }
    return payer;
  }

  async function createDirect(input: CreateChargeInput): Promise<Charge> {
    const now = clock();
    let expiresAt: Date;
    let methodId: string;
    if (input.method === 'pix') {
      methodId = 'pix';
      expiresAt = new Date(now.getTime() + pixExpiryMinutes * MINUTE_MS);
    } else {
      const taxId = input.payer?.taxId.replace(/\D/g, '') ?? '';
      if (!input.payer || !(taxId.length === 11 || taxId.length === 14)) {
        throw new PaymentProviderError(
          'UNSUPPORTED',
          'a Mercado Pago boleto needs the payer name and CPF/CNPJ',
        );
      }
      methodId = 'bolbradesco';
      const dueDate = new Date(now.getTime() - BRASILIA_OFFSET_MS + boletoExpiryDays * DAY_MS)
        .toISOString()
        .slice(0, 10);
      expiresAt = new Date(`${dueDate}T23:59:59.000-03:00`);
    }
    const json = await api(
      'POST',
      '/v1/payments',
      {
        transaction_amount: centsToDecimal(input.amount),
        description: input.description,
        payment_method_id: methodId,
        payer: payerFields(input),
        external_reference: input.paymentId,
        notification_url: notificationUrl,
        date_of_expiration: brasiliaTimestamp(expiresAt),
      },
      input.paymentId,
    );
    const payment = parse(paymentSchema, json, 'payment');
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

    if (input.method === 'pix') {
      const data = payment.point_of_interaction?.transaction_data;
      const copyPaste = data?.qr_code;
      if (!copyPaste) throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago sent no PIX code');
      try {
        const code = parseBrCode(copyPaste);
        if (code.amount !== null && code.amount !== input.amount) {
          throw new PaymentProviderError('BAD_REPLY', 'the PIX code is for another amount');
        }
      } catch (error) {
        if (error instanceof BrCodeError)
          throw new PaymentProviderError('BAD_REPLY', `invalid PIX code: ${error.message}`);
        throw error;
      }
      const qrCodeDataUrl = data.qr_code_base64
        ? `data:image/png;base64,${data.qr_code_base64}`
        : await QRCode.toDataURL(copyPaste, { errorCorrectionLevel: 'M', margin: 1 });
      charge.pix = { copyPaste, qrCodeDataUrl };
    } else {
      const details = payment.transaction_details;
      const barcode = details?.barcode?.content ?? payment.barcode?.content;
      const line =
        details?.digitable_line?.replace(/\D/g, '') || (barcode ? barcodeToDigitableLine(barcode) : '');
      const checked = validateDigitableLine(line);
      if (!checked.valid)
        throw new PaymentProviderError('BAD_REPLY', `invalid boleto line: ${checked.reason}`);
      if (checked.amount !== input.amount)
        throw new PaymentProviderError('BAD_REPLY', 'the boleto is for another amount');
      charge.boleto = { digitableLine: line };
      if (details?.external_resource_url) charge.boleto.url = details.external_resource_url;
    }
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
    if (preferenceExpired(preference)) {
      return { providerRef, status: 'expired', amount: preferenceAmount(preference), currency: 'BRL' };
    }

    const body: Record<string, unknown> = {
      transaction_amount: centsToDecimal(preferenceAmount(preference)),
      token,
      installments: 1,
      payer: { email: preference.payer?.email ?? undefined },
      external_reference: providerRef,
      notification_url: notificationUrl,
      // Approve or refuse now: a wallet top-up has no use for a payment left under review.
      binary_mode: true,
    };
    if (card.brand) body.payment_method_id = card.brand;
    // One key per (charge, token): a retried request is answered once, a new card is a new attempt.
    const idempotencyKey = createHash('sha256').update(`${providerRef}:${token}`).digest('hex');
    const json = await api('POST', '/v1/payments', body, idempotencyKey, 'DECLINED');
    const payment = parse(paymentSchema, json, 'payment');
    if (payment.external_reference !== providerRef) {
      throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago answered with another payment');
    }
    return stateOf(payment, providerRef);
  }

  async function verifySignature(
    rawBody: Buffer,
    headers: RawHeaders,
  ): Promise<{ dataId: string; body: z.infer<typeof notificationSchema>; requestId: string | undefined }> {
    const signature = headerValue(headers, 'x-signature');
    const requestId = headerValue(headers, 'x-request-id');
    if (!signature) throw new WebhookSignatureError('x-signature is missing');
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('the body is not JSON, so data.id cannot be checked');
    }
    const body = notificationSchema.safeParse(json);
    if (!body.success) throw new WebhookSignatureError('the body has no data.id to check');
    const dataId = body.data.data.id;

    const parts = parseSignatureHeader(signature);
    const ts = parts.get('ts')?.[0];
    const candidates = parts.get('v1') ?? [];
    if (!ts || !/^\d{1,16}$/.test(ts) || candidates.length === 0) {
      throw new WebhookSignatureError('x-signature is malformed');
    }
    // Mercado Pago lower-cases alphanumeric ids in the manifest and leaves out parts it did not send.
    const manifestId = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
    const manifest = `id:${manifestId};${requestId ? `request-id:${requestId};` : ''}ts:${ts};`;
    const expected = hmacSha256Hex(opts.webhookSecret, manifest);
    let matched = false;
    for (const candidate of candidates) matched = hexDigestsEqual(expected, candidate) || matched;
    if (!matched) throw new WebhookSignatureError();
    // ts has been seen both in seconds and in milliseconds.
    checkTimestamp(ts.length >= 13 ? Number(ts) / 1000 : Number(ts), clock().getTime());
    return { dataId, body: body.data, requestId };
  }

  return {
    name: 'mercadopago',
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
      if (/^\d+$/.test(providerRef)) {
        return stateOf(
          parse(paymentSchema, await api('GET', `/v1/payments/${providerRef}`), 'payment'),
          providerRef,
        );
      }
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
      const { dataId, body, requestId } = await verifySignature(rawBody, headers);
      if (body.type !== 'payment') return null;
      if (!/^\d+$/.test(dataId))
        throw new PaymentProviderError('BAD_REPLY', 'payment notification with a bad id');
      const payment = parse(paymentSchema, await api('GET', `/v1/payments/${dataId}`), 'payment');
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
