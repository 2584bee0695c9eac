import type { Activation } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import type { PreparedJson } from '../../http/catalog-memory.ts';
import { countryOfSmsActivateId } from '../../providers/numbers/sms-activate.ts';

/**
 * What one protocol call answers: a plain-text token or a JSON document, with HTTP 200 unless said
 * otherwise (the protocol reports its own errors in the body, as sms-activate does).
 */
export type ProtocolReply =
  | { text: string; status?: number; headers?: Record<string, string> }
  | { json: unknown; status?: number; headers?: Record<string, string> }
  /** A JSON answer serialised (and compressed) beforehand, kept in memory for many callers. */
  | { prepared: PreparedJson; status?: number; headers?: Record<string, string> };

export type ProtocolParams = Readonly<Record<string, string | undefined>>;

/**
 * A country left out means the store's home country, Brazil. (sms-activate falls back to a setting of
 * the account; ours has none, and a Brazilian store's bots mostly buy Brazilian numbers.)
 */
const DEFAULT_COUNTRY = 'BR';

/** The protocol's name for "whichever operator the number comes from", the only one the store offers. */
export const ANY_OPERATOR = 'any';

/** ISO 4217 numeric codes: sms-activate sends its currency as a number (643, roubles). */
export const CURRENCY_NUMBERS: Record<Currency, number> = { BRL: 986, USD: 840 };

export const token = (text: string): ProtocolReply => ({ text });

/** 1234 → "12.34": the protocol's decimal money, exact from integer cents. */
export function decimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "5", "5.5" or "5.00" → cents, rounded down (a limit of 5.009 does not allow 5.01); null if not money. */
export function parseMaxPrice(value: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0').slice(0, 2));
}

/** "2025-03-01 12:00:00" (UTC), the protocol's way of writing a time. */
export function protocolTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/** The ISO country of a `country` parameter: a numeric sms-activate id, or the default when absent. */
export function countryParam(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return DEFAULT_COUNTRY;
  return /^\d{1,4}$/.test(value) ? countryOfSmsActivateId(Number(value)) : undefined;
}

/** getStatus: what the bot should do next, in the protocol's words. */
export function statusToken(a: Pick<Activation, 'status' | 'code' | 'awaiting_sms'>): string {
  switch (a.status) {
    case 'pending':
    case 'waiting_sms':
      return 'STATUS_WAIT_CODE';
    case 'code_received':
      // After setStatus 3 the previous code stays known while the next one is awaited.
      return a.awaiting_sms ? `STATUS_WAIT_RETRY:${a.code}` : `STATUS_OK:${a.code}`;
    case 'finished':
      return a.code ? `STATUS_OK:${a.code}` : 'STATUS_CANCEL';
    default:
      return 'STATUS_CANCEL';
  }
}

/**
 * The integer activation id a bot sends back (`id`): clients parse ours with parseInt or int(), so it is
 * a positive 32-bit integer; anything else is no activation of theirs.
 */
export function activationIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The sentence beside each token in a JSON refusal (`details`), for the people reading a bot's log. */
const REFUSAL_DETAILS: Record<string, string> = {
  BAD_ACTION: 'orderId may hold only letters, digits and _ . : - (at most 100)',
  BAD_SERVICE: 'Unknown service code',
  NO_NUMBERS: 'No numbers available for the requested service and country',
  NO_BALANCE: 'Insufficient balance',
  WRONG_MAX_PRICE: 'The maximum price is less than the permitted price',
  WRONG_EXCEPTION_PHONE: 'The store cannot choose a number by its prefix',
  ORDER_ALREADY_EXISTS: 'This orderId was used for another service or country',
  ERROR_SQL: 'Try again shortly',
  TOO_MANY_REQUESTS: 'Too many purchases at once; try again shortly',
  NO_ACTIVATION: 'No activation of this key has this id',
  RENEW_ACTIVATION_NOT_AVAILABLE: 'Only a number that received its code can be used again',
  NEW_ACTIVATION_IMPOSSIBLE: 'This number can no longer be reused',
  SIM_OFFLINE: 'The number’s seller cannot be reached now; try again later',
};

/**
 * A refusal as HeroSMS answers getNumberV2, `{"title": "<TOKEN>", "details": "<sentence>"}`, which its
 * clients turn into their own errors (the published `hero-sms` reads `title`, and `info.min` of
 * WRONG_MAX_PRICE). The token is the one the text form sends, its value (WRONG_MAX_PRICE's price) moved
 * to `info`; the HTTP status and headers stay those of the text form. Any other answer passes unchanged.
 */
export function asJsonRefusal(reply: ProtocolReply): ProtocolReply {
  if (!('text' in reply)) return reply;
  const separator = reply.text.indexOf(':');
  const title = separator === -1 ? reply.text : reply.text.slice(0, separator);
  const value = separator === -1 ? '' : reply.text.slice(separator + 1);
  const info = title === 'WRONG_MAX_PRICE' ? { info: { min: Number(value) } } : {};
  return {
    json: { title, details: REFUSAL_DETAILS[title] ?? title, ...info },
    ...(reply.status === undefined ? {} : { status: reply.status }),
    ...(reply.headers === undefined ? {} : { headers: reply.headers }),
  };
}
