import { isRecord, parseJson, toE164Digits } from './http.ts';
import type { ActiveActivation, AssignedNumber, UpstreamStatus } from './number-provider.ts';
import { ANY_OPERATOR, OPERATOR_PATTERN, UpstreamError } from './number-provider.ts';

// How a handler_api.php seller's answers read: each parser answers undefined for a reply it does not
// understand, which the adapter reports as a bad reply.

/**
 * A refusal's token and detail: "TOKEN:detail" in plain text, or HeroSMS' JSON form of getNumberV2's
 * refusals, {"title": "TOKEN", "details": "…"}.
 */
export function refusalOf(body: string): { token: string; detail: string } {
  const json = body.startsWith('{') ? parseJson(body) : undefined;
  if (isRecord(json) && typeof json.title === 'string')
    return { token: json.title, detail: typeof json.details === 'string' ? json.details : '' };
  const separator = body.indexOf(':');
  return separator === -1
    ? { token: body, detail: '' }
    : { token: body.slice(0, separator), detail: body.slice(separator + 1) };
}

export function checkId(upstreamId: string): string {
  if (!/^[\w-]{1,64}$/.test(upstreamId)) throw new UpstreamError('NOT_FOUND', 'malformed activation id');
  return upstreamId;
}

export function parseNumberV2(body: string): AssignedNumber | undefined {
  const json = parseJson(body);
  if (!isRecord(json)) return undefined;
  const id = json.activationId;
  const phoneNumber = toE164Digits(json.phoneNumber);
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '' || !phoneNumber) return undefined;
  return { upstreamId: String(id), phoneNumber };
}

export function parseAccessNumber(body: string): AssignedNumber | undefined {
  const match = /^ACCESS_NUMBER:([\w-]+):(\+?\d+)$/.exec(body);
  const phoneNumber = toE164Digits(match?.[2]);
  return match?.[1] && phoneNumber ? { upstreamId: match[1], phoneNumber } : undefined;
}

export function parseStatus(body: string): UpstreamStatus | undefined {
  const separator = body.indexOf(':');
  const token = separator === -1 ? body : body.slice(0, separator);
  const value = separator === -1 ? '' : body.slice(separator + 1);
  switch (token) {
    case 'STATUS_WAIT_CODE':
    case 'STATUS_WAIT_RESEND':
    // The previous code is already ours; what matters now is that the next one has not come.
    case 'STATUS_WAIT_RETRY':
      return { state: 'waiting' };
    case 'STATUS_CANCEL':
      return { state: 'cancelled' };
    case 'STATUS_OK':
      // handler_api.php's getStatus carries the code only, never the SMS text.
      return value ? { state: 'code', code: value, text: value } : undefined;
    default:
      return undefined;
  }
}

/**
 * getOperators: `{"status": "success", "countryOperators": {"73": ["vivo", …]}}`, "any" left out; none
 * for OPERATORS_NOT_FOUND (as a token or as `{"status": "error"}`); undefined for a reply not understood.
 */
export function parseOperators(body: string, countryId: string): string[] | undefined {
  if (body === 'OPERATORS_NOT_FOUND') return [];
  const json = parseJson(body);
  if (!isRecord(json)) return undefined;
  if (json.status === 'error') return [];
  if (json.status !== 'success' || !isRecord(json.countryOperators)) return undefined;
  const list = json.countryOperators[countryId];
  if (list === undefined) return [];
  if (!Array.isArray(list)) return undefined;
  const names = list
    .filter((o): o is string => typeof o === 'string')
    .map((o) => o.trim().toLowerCase())
    .filter((o) => o !== ANY_OPERATOR && OPERATOR_PATTERN.test(o));
  return [...new Set(names)];
}

export function parseStock(body: string, countryId: string, service: string): number | undefined {
  const json = parseJson(body);
  if (!isRecord(json)) return undefined;
  const byService = json[countryId];
  if (byService === undefined) return 0;
  if (!isRecord(byService)) return undefined;
  const offer = byService[service];
  if (offer === undefined) return 0;
  if (!isRecord(offer)) return undefined;
  const count = Number(offer.count);
  return Number.isInteger(count) && count >= 0 ? count : undefined;
}

/** getPrices: the cost of one number; null when none is offered, undefined for a reply not understood. */
export function parseCost(body: string, countryId: string, service: string): number | null | undefined {
  const json = parseJson(body);
  if (!isRecord(json)) return undefined;
  const byService = json[countryId];
  if (byService === undefined) return null;
  if (!isRecord(byService)) return undefined;
  const offer = byService[service];
  if (offer === undefined) return null;
  if (!isRecord(offer)) return undefined;
  const cost = Number(offer.cost);
  return Number.isFinite(cost) && cost >= 0 ? cost : undefined;
}

/** getActiveActivations: every open activation with its latest SMS, or no list when the seller has none. */
export function parseActiveActivations(body: string): ActiveActivation[] | undefined {
  const json = parseJson(body);
  if (!isRecord(json)) return undefined;
  if (json.status !== 'success') return json.status === 'error' ? [] : undefined;
  const list = json.activeActivations;
  if (!Array.isArray(list)) return list === undefined ? [] : undefined;
  return list.flatMap((item): ActiveActivation[] => {
    if (!isRecord(item)) return [];
    const id = item.activationId;
    if ((typeof id !== 'string' && typeof id !== 'number') || id === '') return [];
    // Some servers send the codes received so far as a list, the newest last.
    const codes = [item.smsCode].flat().filter((c): c is string => typeof c === 'string' && c !== '');
    const texts = [item.smsText].flat().filter((t): t is string => typeof t === 'string' && t !== '');
    const code = codes.at(-1);
    const status: UpstreamStatus = code
      ? { state: 'code', code, text: texts.at(-1) ?? code }
      : String(item.activationStatus) === '8'
        ? { state: 'cancelled' }
        : { state: 'waiting' };
    return [{ upstreamId: String(id), status }];
  });
}
