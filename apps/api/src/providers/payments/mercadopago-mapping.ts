import QRCode from 'qrcode';
import { z } from 'zod';
import { barcodeToDigitableLine, validateDigitableLine } from './boleto.ts';
import { BrCodeError, parseBrCode } from './br-code.ts';
import { decimalToCents } from './money.ts';
import {
  type Charge,
  type ChargeState,
  type ChargeStatus,
  type CreateChargeInput,
  PaymentProviderError,
} from './payment-provider.ts';

// The parts of Mercado Pago's replies the adapter reads, checked before use (the SDK's types are all
// optional and it hands a non-JSON body over as an empty object), and how they read in the store's words.

const BRASILIA_OFFSET_MS = 3 * 3_600_000;

const idSchema = z.union([z.number(), z.string()]).transform(String);

export const paymentSchema = z.object({
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
export type MpPayment = z.infer<typeof paymentSchema>;

export const paymentSearchSchema = z.object({ results: z.array(paymentSchema) });

export const preferenceSchema = z.object({
  id: z.string(),
  init_point: z.string().nullish(),
  external_reference: z.string().nullish(),
  expiration_date_to: z.string().nullish(),
  items: z.array(
    z.object({ unit_price: z.number(), quantity: z.number(), currency_id: z.string().nullish() }),
  ),
  payer: z.object({ email: z.string().nullish() }).nullish(),
});
export type MpPreference = z.infer<typeof preferenceSchema>;

export const preferenceSearchSchema = z.object({ elements: z.array(z.object({ id: z.string() })) });

export const notificationSchema = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  type: z.string().nullish(),
  action: z.string().nullish(),
  data: z.object({ id: idSchema }),
});

export function parseReply<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new PaymentProviderError('BAD_REPLY', `unexpected Mercado Pago ${what}`);
  return result.data;
}

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

export function stateOf(payment: MpPayment, providerRef: string): ChargeState {
  const amount = decimalToCents(payment.transaction_amount);
  if (amount === null) throw new PaymentProviderError('BAD_REPLY', 'unreadable Mercado Pago amount');
  if (payment.currency_id !== 'BRL') {
    throw new PaymentProviderError('BAD_REPLY', `unexpected currency ${payment.currency_id}`);
  }
  const status = mapStatus(payment.status, payment.status_detail);
  const state: ChargeState = { providerRef, status, amount, currency: 'BRL' };
  if (status === 'failed') state.failureReason = REFUSAL_REASONS[payment.status_detail ?? ''] ?? 'declined';
  return state;
}

export function preferenceAmount(preference: MpPreference): number {
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

/** 2026-03-10T15:30:00Z -> "2026-03-10T12:30:00.000-03:00", the format Mercado Pago documents. */
export function brasiliaTimestamp(date: Date): string {
  return new Date(date.getTime() - BRASILIA_OFFSET_MS).toISOString().replace('Z', '-03:00');
}

/** The end (23:59:59 in Brasília) of the day `days` after `now`, Brasília's calendar. */
export function brasiliaEndOfDay(now: Date, days: number): Date {
  const day = new Date(now.getTime() - BRASILIA_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T23:59:59.000-03:00`);
}

/** Digits of a CPF or CNPJ; punctuation is ignored. */
export const taxIdDigits = (taxId: string) => taxId.replace(/\D/g, '');

export function payerFields(input: CreateChargeInput) {
  const payer = input.payer;
  if (!payer) return { email: input.payerEmail };
  const taxId = taxIdDigits(payer.taxId);
  const address = payer.address;
  return {
    email: input.payerEmail,
    first_name: payer.firstName,
    last_name: payer.lastName,
    identification: { type: taxId.length === 14 ? 'CNPJ' : 'CPF', number: taxId },
    ...(address && {
      address: {
        zip_code: address.zipCode.replace(/\D/g, ''),
        street_name: address.street,
        street_number: address.number,
        neighborhood: address.neighborhood,
        city: address.city,
        federal_unit: address.state,
      },
    }),
  };
}

/** The PIX code of a new payment, checked to be a BR Code for the amount asked. */
export async function readPix(payment: MpPayment, amount: number): Promise<NonNullable<Charge['pix']>> {
  const data = payment.point_of_interaction?.transaction_data;
  const copyPaste = data?.qr_code;
  if (!copyPaste) throw new PaymentProviderError('BAD_REPLY', 'Mercado Pago sent no PIX code');
  try {
    const code = parseBrCode(copyPaste);
    if (code.amount !== null && code.amount !== amount) {
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
  return { copyPaste, qrCodeDataUrl };
}

/** The boleto of a new payment, checked to be a valid line for the amount asked. */
export function readBoleto(payment: MpPayment, amount: number): NonNullable<Charge['boleto']> {
  const details = payment.transaction_details;
  const barcode = details?.barcode?.content ?? payment.barcode?.content;
  const line =
    details?.digitable_line?.replace(/\D/g, '') || (barcode ? barcodeToDigitableLine(barcode) : '');
  const checked = validateDigitableLine(line);
  if (!checked.valid) throw new PaymentProviderError('BAD_REPLY', `invalid boleto line: ${checked.reason}`);
  if (checked.amount !== amount)
    throw new PaymentProviderError('BAD_REPLY', 'the boleto is for another amount');
  return details?.external_resource_url
    ? { digitableLine: line, url: details.external_resource_url }
    : { digitableLine: line };
}

export function preferenceExpired(preference: MpPreference, now: Date): boolean {
  const until = preference.expiration_date_to ? Date.parse(preference.expiration_date_to) : Number.NaN;
  return Number.isFinite(until) && now.getTime() >= until;
}

/**
 * What the attempts alone say about a card ("card:…") or checkout charge: the approved one, else a pending
 * one, else (cards only: a refusal settles them) the latest; null when only the preference can tell.
 */
export function attemptsState(providerRef: string, payments: MpPayment[]): ChargeState | null {
  const byRecency = payments
    .map((payment) => ({ payment, state: stateOf(payment, providerRef) }))
    .sort((a, b) => Date.parse(b.payment.date_created ?? '') - Date.parse(a.payment.date_created ?? ''));
  const chosen =
    byRecency.find((p) => p.state.status === 'paid') ??
    byRecency.find((p) => p.state.status === 'pending') ??
    (providerRef.startsWith('card:') ? byRecency[0] : undefined);
  return chosen?.state ?? null;
}
