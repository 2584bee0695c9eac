import { isRecord, parseJson, toE164Digits } from './http.ts';
import type { RentCapabilities, RentedNumber, RentRequest, RentSms } from './number-provider.ts';
import { UpstreamError, type UpstreamErrorCode } from './number-provider.ts';

/** The rent durations the protocol sells (rent_time, in hours). */
const HOURS = [4, 12, 24, 48, 72, 168, 336, 720] as const;

/** The protocol's rent refusals, as `{"status": "error", "message": TOKEN}` or a bare token. */
const RENT_ERRORS: Readonly<Record<string, UpstreamErrorCode>> = {
  NO_NUMBERS: 'NO_NUMBERS',
  NO_BALANCE: 'NO_BALANCE',
  BAD_KEY: 'BAD_KEY',
  BAD_SERVICE: 'BAD_SERVICE',
  BAD_TIME: 'BAD_SERVICE',
  INVALID_TIME: 'BAD_SERVICE',
  NO_ID_RENT: 'NOT_FOUND',
  RENT_DIE: 'NOT_FOUND',
  CANT_CANCEL: 'EARLY_CANCEL_DENIED',
  ALREADY_FINISH: 'NOT_FOUND',
  ALREADY_CANCEL: 'NOT_FOUND',
  INCORECT_STATUS: 'BAD_REPLY',
};

/** "2020-01-30 14:31:58" or "2020-01-31T12:01:52" (the protocol's dates, without a zone: UTC here). */
function protocolDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const plain = value.replace(' ', 'T');
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(plain) ? plain : `${plain}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The handler_api.php seller's rentals (getRentNumber, getRentStatus, continueRentNumber, setRentStatus):
 * what sms-activate, HeroSMS and SMSHub sell, and what the store's own handler_api.php answers.
 */
export function smsActivateRentals(deps: {
  name: string;
  send: (action: string, params: Record<string, string>) => Promise<string>;
  /** service and country in the protocol's codes (and the operator), as getNumber takes them. */
  params: (req: { service: string; country: string; operator?: string }) => Record<string, string>;
}): RentCapabilities {
  const { name, send } = deps;

  function refuse(action: string, body: string): never {
    const json = parseJson(body);
    const token = isRecord(json) && typeof json.message === 'string' ? json.message : body;
    const code = RENT_ERRORS[token];
    throw new UpstreamError(code ?? 'BAD_REPLY', `${name} ${action}: ${code ? token : 'unexpected reply'}`);
  }

  function rented(action: string, body: string): RentedNumber {
    const json = parseJson(body);
    const phone = isRecord(json) && json.status === 'success' && isRecord(json.phone) ? json.phone : null;
    const id = phone?.id;
    const number = toE164Digits(phone?.number);
    const endsAt = protocolDate(phone?.endDate);
    if ((typeof id !== 'number' && typeof id !== 'string') || !number || !endsAt) refuse(action, body);
    return { upstreamId: String(id), phoneNumber: number, endsAt };
  }

  const checkId = (id: string) => {
    if (!/^\d{1,20}$/.test(id)) throw new UpstreamError('NOT_FOUND', `${name}: malformed rent id`);
    return id;
  };

  async function rent(req: RentRequest): Promise<RentedNumber> {
    const body = await send('getRentNumber', { ...deps.params(req), rent_time: String(req.hours) });
    return rented('getRentNumber', body);
  }

  /** Every SMS, page after page; STATUS_WAIT_CODE is none yet. */
  async function messages(upstreamId: string): Promise<RentSms[]> {
    const out: RentSms[] = [];
    for (let page = 0; page < 20; page++) {
      const body = await send('getRentStatus', { id: checkId(upstreamId), page: String(page), size: '50' });
      const json = parseJson(body);
      if (body === 'STATUS_WAIT_CODE' || (isRecord(json) && json.message === 'STATUS_WAIT_CODE')) return out;
      if (!isRecord(json) || json.status !== 'success' || !isRecord(json.values))
        refuse('getRentStatus', body);
      const values = Object.values(json.values).filter(isRecord);
      for (const v of values) {
        const receivedAt = protocolDate(v.date);
        if (typeof v.text !== 'string' || !receivedAt) continue;
        const from = typeof v.phoneFrom === 'string' ? v.phoneFrom : '';
        // The protocol gives SMS no id: sender, time and text together name one.
        out.push({
          id: `${receivedAt.toISOString()}|${from}|${v.text}`.slice(0, 500),
          from,
          text: v.text,
          receivedAt,
        });
      }
      if (values.length < 50 || out.length >= Number(json.quantity)) return out;
    }
    return out;
  }

  async function setRentStatus(upstreamId: string, status: '1' | '2') {
    const body = await send('setRentStatus', { id: checkId(upstreamId), status });
    const json = parseJson(body);
    if (!isRecord(json) || json.status !== 'success') refuse('setRentStatus', body);
  }

  return {
    hours: HOURS,
    rent,
    messages,
    async extend(upstreamId, hours) {
      const body = await send('continueRentNumber', { id: checkId(upstreamId), rent_time: String(hours) });
      return { endsAt: rented('continueRentNumber', body).endsAt };
    },
    finish: (id) => setRentStatus(id, '1'),
    cancel: (id) => setRentStatus(id, '2'),
  };
}
