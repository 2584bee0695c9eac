import { isRecord, parseJson, toE164Digits } from './http.ts';
import { protocolIdOf } from './market/countries.ts';
import type { MultiServiceNumber, MultiServiceRequest, NumberProvider } from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError } from './number-provider.ts';

export interface MultiTransport {
  name: string;
  send(action: string, params: Record<string, string>): Promise<string>;
  fail(action: string, body: string): never;
  /** The seller's code of one of our services; undefined where it sells none under our meaning. */
  theirs(service: string): string | undefined;
}

/**
 * getMultiServiceNumber (`multiService=wa,tg`, `country`, `operator`): one number, an activation per
 * service, answered as `[{"phone", "activation", "service"}, …]`. A seller answering BAD_ACTION has no
 * such thing: BAD_SERVICE, so the store tries the next seller.
 */
export function createSmsActivateMulti(
  t: MultiTransport,
): Required<Pick<NumberProvider, 'requestMultiServiceNumber'>> {
  async function requestMultiServiceNumber(req: MultiServiceRequest): Promise<MultiServiceNumber> {
    const codes = new Map<string, string>();
    for (const service of req.services) {
      const code = t.theirs(service);
      if (code === undefined) throw new UpstreamError('BAD_SERVICE', `${t.name}: does not sell ${service}`);
      codes.set(code, service);
    }
    const country = protocolIdOf(req.country);
    if (country === undefined)
      throw new UpstreamError('NO_NUMBERS', `${t.name}: no country id for ${req.country}`);
    const params: Record<string, string> = {
      multiService: [...codes.keys()].join(','),
      country: String(country),
    };
    if (req.operator && req.operator !== ANY_OPERATOR) params.operator = req.operator;
    const body = await t.send('getMultiServiceNumber', params);
    if (body === 'BAD_ACTION') throw new UpstreamError('BAD_SERVICE', `${t.name}: no getMultiServiceNumber`);
    return parseMulti(body, codes) ?? t.fail('getMultiServiceNumber', body);
  }
  return { requestMultiServiceNumber };
}

/** Every service asked for, once, on one number; undefined for anything else. */
function parseMulti(body: string, codes: Map<string, string>): MultiServiceNumber | undefined {
  const json = parseJson(body);
  if (!Array.isArray(json)) return undefined;
  let phoneNumber: string | undefined;
  const activations: MultiServiceNumber['activations'] = [];
  for (const item of json) {
    if (!isRecord(item)) return undefined;
    const phone = toE164Digits(item.phone);
    const id = item.activation;
    const service = typeof item.service === 'string' ? codes.get(item.service) : undefined;
    if (!phone || (typeof id !== 'string' && typeof id !== 'number') || id === '' || !service)
      return undefined;
    if (phoneNumber !== undefined && phone !== phoneNumber) return undefined;
    phoneNumber = phone;
    activations.push({ service, upstreamId: String(id) });
  }
  const all = new Set(activations.map((a) => a.service));
  if (!phoneNumber || all.size !== codes.size || activations.length !== codes.size) return undefined;
  return { phoneNumber, activations };
}
