import { isRecord, parseJson } from './http.ts';
import type { AssignedNumber, NumberProvider, ReusableNumber, UpstreamPrice } from './number-provider.ts';
import { UpstreamError } from './number-provider.ts';

/** The protocol's refusals of a number's reuse: none of them is fixed by asking another seller. */
const REFUSED = new Set(['NEW_ACTIVATION_IMPOSSIBLE', 'RENEW_ACTIVATION_NOT_AVAILABLE', 'SIM_OFFLINE']);

export interface ReuseTransport {
  name: string;
  currency: string;
  /** One call to the seller; its trimmed body. */
  send(action: string, params: Record<string, string>): Promise<string>;
  /** Throws the UpstreamError a reply stands for. */
  fail(action: string, body: string): never;
  parseAccessNumber(body: string): AssignedNumber | undefined;
  parseNumberV2(body: string): AssignedNumber | undefined;
}

/**
 * A used number sold again through handler_api.php: sms-activate's getExtraActivation and
 * checkExtraActivation (`activationId`), else HeroSMS's reactivate and reactivationPrice (`id`). A seller
 * answering BAD_ACTION to both names offers no reuse, which the store tells the customer as a refusal.
 */
export function createSmsActivateReuse(
  t: ReuseTransport,
): Required<Pick<NumberProvider, 'reusePrice' | 'reuseNumber'>> {
  function refuse(action: string, body: string): never {
    const tokenOf = body.split(':')[0] ?? '';
    if (REFUSED.has(tokenOf) || body === 'BAD_ACTION')
      throw new UpstreamError('REUSE_REFUSED', `${t.name} ${action}: ${tokenOf}`);
    return t.fail(action, body);
  }

  function checkId(upstreamId: string): string {
    if (!/^[\w-]{1,64}$/.test(upstreamId)) throw new UpstreamError('NOT_FOUND', 'malformed activation id');
    return upstreamId;
  }

  /** Asks under sms-activate's name, then HeroSMS's when the first is unknown there. */
  async function ask(original: ReusableNumber, names: [string, string]): Promise<[string, string]> {
    const id = checkId(original.upstreamId);
    const body = await t.send(names[0], { activationId: id });
    if (body !== 'BAD_ACTION') return [names[0], body];
    return [names[1], await t.send(names[1], { id })];
  }

  async function reusePrice(original: ReusableNumber): Promise<UpstreamPrice | null> {
    const [action, body] = await ask(original, ['checkExtraActivation', 'reactivationPrice']);
    const json = parseJson(body);
    if (!isRecord(json)) return refuse(action, body);
    if (json.status === 'error') return refuse(action, String(json.message ?? json.error ?? 'BAD_ACTION'));
    // sms-activate names the cost at the top ({"status": "success", "cost": …}), HeroSMS under data.price.
    const data = isRecord(json.data) ? json.data : json;
    const cost = Number(data.cost ?? data.price);
    if (!Number.isFinite(cost) || cost < 0) return t.fail(action, body);
    return { amount: cost, currency: t.currency };
  }

  async function reuseNumber(original: ReusableNumber): Promise<AssignedNumber> {
    const [action, body] = await ask(original, ['getExtraActivation', 'reactivate']);
    const assigned = t.parseAccessNumber(body) ?? t.parseNumberV2(body);
    return assigned ?? refuse(action, body);
  }

  return { reusePrice, reuseNumber };
}
