import { isRecord } from './http.ts';
import type { RentCapabilities, RentedNumber, RentRequest, RentSms } from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError } from './number-provider.ts';

/**
 * 5sim's hosting numbers (`/v1/user/buy/hosting/{country}/{operator}/{product}`): held for the term 5sim
 * sets for hosting, which its API does not let a buyer choose or extend. The adapter sells them as the
 * one duration 5sim documents for hosting, a day, and offers no extension (the store then refuses one).
 */
const HOSTING_HOURS = [24] as const;

export function fivesimRentals(deps: {
  get: (path: string) => Promise<unknown>;
  names: (req: { service: string; country: string }) => { country: string; product: string };
  defaultOperator: string;
  phoneOf: (json: unknown) => string | undefined;
}): RentCapabilities {
  const checkId = (id: string) => {
    if (!/^\d{1,20}$/.test(id)) throw new UpstreamError('NOT_FOUND', 'malformed 5sim order id');
    return id;
  };
  const enc = encodeURIComponent;

  async function rent(req: RentRequest): Promise<RentedNumber> {
    if (!(HOSTING_HOURS as readonly number[]).includes(req.hours))
      throw new UpstreamError('BAD_SERVICE', `5sim: hosting is sold for ${HOSTING_HOURS.join(', ')} h only`);
    const { country, product } = deps.names(req);
    const operator = req.operator && req.operator !== ANY_OPERATOR ? req.operator : deps.defaultOperator;
    const json = await deps.get(`/v1/user/buy/hosting/${enc(country)}/${enc(operator)}/${enc(product)}`);
    const phone = deps.phoneOf(json);
    const id = isRecord(json) ? json.id : undefined;
    const expires = isRecord(json) && typeof json.expires === 'string' ? new Date(json.expires) : null;
    if (
      (typeof id !== 'number' && typeof id !== 'string') ||
      !phone ||
      !expires ||
      Number.isNaN(expires.getTime())
    )
      throw new UpstreamError('BAD_REPLY', '5sim: hosting order without id, phone or expiry');
    return { upstreamId: String(id), phoneNumber: phone, endsAt: expires };
  }

  /** Every SMS of the order, as /v1/user/check lists them (5sim gives each an id and a date). */
  async function messages(upstreamId: string): Promise<RentSms[]> {
    const json = await deps.get(`/v1/user/check/${checkId(upstreamId)}`);
    const list = isRecord(json) && Array.isArray(json.sms) ? json.sms : [];
    return list.flatMap((s: unknown): RentSms[] => {
      if (!isRecord(s) || typeof s.text !== 'string') return [];
      const receivedAt = new Date(String(s.date ?? s.created_at ?? ''));
      if (Number.isNaN(receivedAt.getTime())) return [];
      const id = s.id === undefined ? `${receivedAt.toISOString()}|${s.text}` : String(s.id);
      return [{ id, from: typeof s.sender === 'string' ? s.sender : '', text: s.text, receivedAt }];
    });
  }

  return {
    hours: HOSTING_HOURS,
    rent,
    messages,
    finish: async (id) => void (await deps.get(`/v1/user/finish/${checkId(id)}`)),
    cancel: async (id) => void (await deps.get(`/v1/user/cancel/${checkId(id)}`)),
  };
}
