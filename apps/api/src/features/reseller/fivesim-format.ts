import type { Activation, ActivationStatus, SmsMessage } from '@numero/contract/activations';
import type { RentalMessage, RentalSummary } from '@numero/contract/rentals';
import { FIVESIM_PRODUCTS } from '../../providers/numbers/fivesim.ts';
import { fivesimNameOf } from '../../providers/numbers/market/countries.ts';
import { ANY_OPERATOR } from './protocol-format.ts';

/** What one 5sim call answers: JSON, or 5sim's bare-text error, each with its HTTP status. */
export type FivesimReply = { status: number; json: unknown } | { status: number; text: string };

export const ok = (json: unknown): FivesimReply => ({ status: 200, json });
/** 5sim's errors are lower-case English sentences in a plain-text body. */
export const refuse = (text: string, status = 400): FivesimReply => ({ status, text });

/** 5sim names a country in lower-case English (`brazil`) and a product by name (`whatsapp`). */
export const productOf = (service: string) => FIVESIM_PRODUCTS[service] ?? service;
const countryOf = (iso: string) => fivesimNameOf(iso) ?? iso.toLowerCase();

/** 5sim's order statuses, from the activation's state. */
function orderStatus(status: ActivationStatus): string {
  switch (status) {
    case 'pending':
    case 'waiting_sms':
      return 'PENDING';
    case 'code_received':
      return 'RECEIVED';
    case 'finished':
      return 'FINISHED';
    case 'expired':
      return 'TIMEOUT';
    default:
      return 'CANCELED';
  }
}

/** An activation as 5sim shows an order; `sms` null where 5sim gives none (the purchase's answer). */
export function fivesimOrder(a: Activation, sms: SmsMessage[] | null) {
  return {
    id: a.public_id,
    phone: a.phone_number ? `+${a.phone_number}` : '',
    operator: a.operator ?? ANY_OPERATOR,
    product: productOf(a.service_code),
    price: a.price / 100,
    status: orderStatus(a.status),
    expires: a.expires_at,
    sms:
      sms?.map((m) => ({
        created_at: m.received_at,
        date: m.received_at,
        sender: '',
        text: m.text,
        code: m.code,
      })) ?? null,
    forwarding: false,
    forwarding_number: '',
    created_at: a.created_at,
    country: countryOf(a.country_code),
  };
}

/**
 * 5sim's order statuses for a rental (5sim's "hosting"): waiting until its first SMS, RECEIVED after it,
 * FINISHED when it ended as sold (finished early or at its end), CANCELED when refunded or never served.
 */
function hostingStatus(r: Pick<RentalSummary, 'status' | 'sms_count'>): string {
  switch (r.status) {
    case 'pending':
    case 'active':
      return r.sms_count > 0 ? 'RECEIVED' : 'PENDING';
    case 'finished':
    case 'expired':
      return 'FINISHED';
    default:
      return 'CANCELED';
  }
}

/** A rental as 5sim shows a hosting order: the activation's shape, every SMS of the rental in `sms`. */
export function fivesimHostingOrder(r: RentalSummary, sms: RentalMessage[] | null) {
  return {
    id: r.number,
    phone: r.phone_number ? `+${r.phone_number}` : '',
    operator: r.operator ?? ANY_OPERATOR,
    product: productOf(r.service_code),
    // Everything paid for it: the rental and any extension bought through handler_api.php.
    price: r.total_paid / 100,
    status: hostingStatus(r),
    expires: r.ends_at,
    sms:
      sms?.map((m) => ({
        created_at: m.received_at,
        date: m.received_at,
        sender: m.sender,
        text: m.text,
        code: m.code ?? '',
      })) ?? null,
    forwarding: false,
    forwarding_number: '',
    created_at: r.created_at,
    country: countryOf(r.country_code),
  };
}
