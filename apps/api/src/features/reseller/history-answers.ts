import type { Activation, ActivationStatus } from '@numero/contract/activations';
import { smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import { findOwnedActivation } from './owned-activation.ts';
import {
  CURRENCY_NUMBERS,
  type ProtocolParams,
  type ProtocolReply,
  protocolTime,
  statusToken,
  token,
} from './protocol-format.ts';

/** getHistory covers at most 30 days, 100 rows a call, 50 by default, as sms-activate documents. */
const HISTORY_WINDOW_S = 30 * 24 * 3600;
const HISTORY_MAX_LIMIT = 100;
const HISTORY_DEFAULT_LIMIT = 50;
const PAGE = 100;

/** sms-activate's activation status digits in getHistory: 4 in use, 6 finished, 8 cancelled. */
function historyStatus(status: ActivationStatus): string {
  switch (status) {
    case 'finished':
      return '6';
    case 'cancelled':
    case 'expired':
    case 'failed':
      return '8';
    default:
      return '4';
  }
}

/** A whole number within bounds, the default when absent, null when it is not one. */
function intParam(value: string | undefined, fallback: number, min: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Past activations and the text of their SMS, in the protocol's words. */
export function createHistoryAnswers({
  activations,
  now,
}: {
  activations: Pick<CustomerActivations, 'getByPublicId' | 'list'>;
  now: () => Date;
}) {
  /** FULL_SMS:<text> of the latest SMS; before one, the token getStatus answers (STATUS_WAIT_CODE, STATUS_CANCEL). */
  async function getFullSms(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await findOwnedActivation(activations, holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    const sms = a.messages.at(-1);
    return token(sms ? `FULL_SMS:${sms.text}` : statusToken(a));
  }

  /**
   * Every SMS of one activation, newest first, as HeroSMS answers: `{"data": [{code, text, service,
   * date}], "meta": {total, service}}`, a page of `size` (page 1 first) when asked.
   */
  async function getAllSms(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await findOwnedActivation(activations, holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    const service = smsActivateServiceCode(a.service_code);
    const all = [...a.messages].reverse().map((m) => ({
      code: m.code,
      text: m.text,
      service,
      date: protocolTime(m.received_at),
    }));
    const size = intParam(params.size, all.length || 1, 1, PAGE);
    const page = intParam(params.page, 1, 1, 1_000_000);
    if (size === null || page === null) return token('BAD_ACTION');
    const data = all.slice((page - 1) * size, page * size);
    return { json: { data, meta: { total: all.length, service } } };
  }

  /**
   * The key holder's activations created between `start` and `end` (Unix seconds, the last 30 days by
   * default), newest first from `offset`, at most `limit`: `[{id, date, phone, sms, cost, status,
   * currency}]`. A date that is not a timestamp, or a range over 30 days, is WRONG_DATE.
   */
  async function getHistory(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const nowS = Math.floor(now().getTime() / 1000);
    const end = intParam(params.end, nowS, 0, 4_102_444_800);
    const start = end === null ? null : intParam(params.start, end - HISTORY_WINDOW_S, 0, end);
    if (end === null || start === null || end - start > HISTORY_WINDOW_S) return token('WRONG_DATE');
    const offset = intParam(params.offset, 0, 0, 1_000_000);
    const limit = intParam(params.limit, HISTORY_DEFAULT_LIMIT, 1, HISTORY_MAX_LIMIT);
    if (offset === null || limit === null) return token('BAD_ACTION');

    const from = new Date(start * 1000).toISOString();
    const to = new Date(end * 1000).toISOString();
    const found: Activation[] = [];
    // Newest first: pages are read until one reaches back past `start`.
    for (let skip = 0; found.length < offset + limit; skip += PAGE) {
      const page = await activations.list(holder.userId, { skip, limit: PAGE });
      found.push(...page.items.filter((a) => a.created_at >= from && a.created_at <= to));
      const oldest = page.items.at(-1);
      if (page.items.length < PAGE || !oldest || oldest.created_at < from) break;
    }
    const rows = found.slice(offset, offset + limit).map((a) => ({
      id: a.public_id,
      date: protocolTime(a.created_at),
      phone: a.phone_number ?? '',
      sms: a.sms_text,
      cost: a.price / 100,
      status: historyStatus(a.status),
      currency: CURRENCY_NUMBERS[a.currency],
    }));
    return { json: rows };
  }

  return { getFullSms, getAllSms, getHistory };
}
