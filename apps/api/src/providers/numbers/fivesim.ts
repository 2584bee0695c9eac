import { excerpt, getText, isRecord, parseJson, toE164Digits } from './http.ts';
import type { AssignedNumber, NumberProvider, NumberRequest, UpstreamStatus } from './number-provider.ts';
import { UpstreamError, type UpstreamErrorCode } from './number-provider.ts';

export interface FiveSimOptions {
  /** e.g. https://5sim.net */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** 5sim operator to buy from; "any" lets 5sim choose. */
  operator?: string;
  fetch?: typeof fetch;
  /** Our service code -> 5sim product, merged over FIVESIM_PRODUCTS. */
  products?: Record<string, string>;
}

export interface FiveSimProvider extends NumberProvider {
  getBalance(): Promise<number>;
}

const FIVESIM_COUNTRIES: Readonly<Record<string, string>> = {
  AR: 'argentina',
  BR: 'brazil',
  CA: 'canada',
  CL: 'chile',
  CN: 'china',
  CO: 'colombia',
  DE: 'germany',
  EG: 'egypt',
  ES: 'spain',
  FR: 'france',
  GB: 'england',
  ID: 'indonesia',
  IL: 'israel',
  IN: 'india',
  IT: 'italy',
  KZ: 'kazakhstan',
  MX: 'mexico',
  MY: 'malaysia',
  NG: 'nigeria',
  NL: 'netherlands',
  PE: 'peru',
  PH: 'philippines',
  PL: 'poland',
  PT: 'portugal',
  RO: 'romania',
  RU: 'russia',
  TH: 'thailand',
  TR: 'turkey',
  UA: 'ukraine',
  US: 'usa',
  VN: 'vietnam',
  ZA: 'southafrica',
};

const FIVESIM_PRODUCTS: Readonly<Record<string, string>> = {
  wa: 'whatsapp',
  tg: 'telegram',
  go: 'google',
  ig: 'instagram',
  fb: 'facebook',
  tt: 'tiktok',
  lf: 'tiktok',
  ub: 'uber',
  if: 'ifood',
  ml: 'mercado',
  tw: 'twitter',
  ds: 'discord',
  am: 'amazon',
  mm: 'microsoft',
  oi: 'tinder',
  vi: 'viber',
  ts: 'paypal',
  nf: 'netflix',
  fu: 'snapchat',
  wb: 'wechat',
  me: 'line',
  ka: 'shopee',
};

/** 5sim answers errors as bare text, with 200 or 400 alike. */
const ERROR_TEXTS: Readonly<Record<string, UpstreamErrorCode>> = {
  'no free phones': 'NO_NUMBERS',
  // Our country or operator name is one this 5sim does not sell: nothing to buy here.
  'bad country': 'NO_NUMBERS',
  'bad operator': 'NO_NUMBERS',
  'not enough user balance': 'NO_BALANCE',
  'not enough rating': 'BANNED',
  'no product': 'BAD_SERVICE',
  'order not found': 'NOT_FOUND',
  'order expired': 'NOT_FOUND',
  'order has sms': 'ALREADY_HAS_SMS',
  'server offline': 'UNAVAILABLE',
};

interface FiveSimSms {
  code: string;
  text: string;
}

interface FiveSimOrder {
  id: string;
  phone: string;
  status: string;
  sms: FiveSimSms[];
}

export function createFiveSimProvider(opts: FiveSimOptions): FiveSimProvider {
  const name = '5sim';
  const origin = opts.baseUrl.replace(/\/+$/, '');
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const operator = opts.operator ?? 'any';
  const products = { ...FIVESIM_PRODUCTS, ...opts.products };

  async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const url = new URL(`${origin}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const context = `${name} ${path.split('/').slice(0, 4).join('/')}`;
    const reply = await getText({
      fetch: fetchImpl,
      url,
      timeoutMs: opts.timeoutMs,
      context,
      headers: { Authorization: `Bearer ${opts.token}`, Accept: 'application/json' },
    });
    if (reply.status === 401) throw new UpstreamError('BAD_KEY', `${context}: HTTP 401`);
    if (reply.status >= 500 || reply.status === 429) {
      throw new UpstreamError('UNAVAILABLE', `${context}: HTTP ${reply.status}`);
    }
    const text = reply.body.trim();
    const code = ERROR_TEXTS[text.toLowerCase()];
    if (code) throw new UpstreamError(code, `${context}: ${text}`);
    const json = reply.status < 300 ? parseJson(text) : undefined;
    if (json === undefined) {
      throw new UpstreamError('BAD_REPLY', `${context}: HTTP ${reply.status} ${excerpt(text, [opts.token])}`);
    }
    return json;
  }

  async function getOrder(path: string, query: Record<string, string> = {}): Promise<FiveSimOrder> {
    const order = parseOrder(await get(path, query));
    if (!order) throw new UpstreamError('BAD_REPLY', `${name}: order without id, phone or status`);
    return order;
  }

  async function requestNumber(req: NumberRequest): Promise<AssignedNumber> {
    const country = FIVESIM_COUNTRIES[req.country.toUpperCase()];
    if (!country) throw new UpstreamError('NO_NUMBERS', `${name}: no country name for ${req.country}`);
    const product = products[req.service];
    if (!product) throw new UpstreamError('BAD_SERVICE', `${name}: no product for service ${req.service}`);
    const path = `/v1/user/buy/activation/${segment(country)}/${segment(operator)}/${segment(product)}`;
    const query: Record<string, string> =
      req.maxPrice === undefined ? {} : { maxPrice: String(req.maxPrice) };
    const order = await getOrder(path, query);
    return { upstreamId: order.id, phoneNumber: order.phone };
  }

  async function getStatus(upstreamId: string): Promise<UpstreamStatus> {
    const order = await getOrder(`/v1/user/check/${checkId(upstreamId)}`);
    const status = toUpstreamStatus(order);
    if (!status) {
      throw new UpstreamError('BAD_REPLY', `${name}: unknown order status ${excerpt(order.status)}`);
    }
    return status;
  }

  async function getStock(service: string, country: string): Promise<number> {
    const countryName = FIVESIM_COUNTRIES[country.toUpperCase()];
    const product = products[service];
    if (!countryName || !product) return 0;
    const json = await get('/v1/guest/prices', { country: countryName, product });
    const count = countStock(json, countryName, product, operator);
    if (count === undefined) throw new UpstreamError('BAD_REPLY', `${name}: prices without counts`);
    return count;
  }

  async function getBalance(): Promise<number> {
    const json = await get('/v1/user/profile');
    const balance = isRecord(json) ? json.balance : undefined;
    if (typeof balance !== 'number') throw new UpstreamError('BAD_REPLY', `${name}: profile without balance`);
    return balance;
  }

  /** The reply is the updated order; reading it as one is how success is told from a stray body. */
  async function act(verb: 'check' | 'cancel' | 'finish', upstreamId: string): Promise<void> {
    await getOrder(`/v1/user/${verb}/${checkId(upstreamId)}`);
  }

  return {
    name,
    requestNumber,
    getStatus,
    // A 5sim order keeps receiving SMS until it expires; there is nothing to ask, only the id to check.
    requestAnotherSms: (id) => act('check', id),
    cancel: (id) => act('cancel', id),
    finish: (id) => act('finish', id),
    getStock,
    getBalance,
  };
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

function checkId(upstreamId: string): string {
  if (!/^\d{1,20}$/.test(upstreamId)) throw new UpstreamError('NOT_FOUND', 'malformed 5sim order id');
  return upstreamId;
}

function parseOrder(json: unknown): FiveSimOrder | undefined {
  if (!isRecord(json)) return undefined;
  const { id, status } = json;
  const phone = toE164Digits(json.phone);
  if ((typeof id !== 'number' && typeof id !== 'string') || typeof status !== 'string' || !phone) {
    return undefined;
  }
  const sms = Array.isArray(json.sms) ? json.sms.flatMap(parseSms) : [];
  return { id: String(id), phone, status, sms };
}

function parseSms(value: unknown): FiveSimSms[] {
  if (!isRecord(value)) return [];
  const text = typeof value.text === 'string' ? value.text : '';
  // 5sim leaves code empty when it could not find one in the text.
  const code =
    typeof value.code === 'string' && value.code ? value.code : (/\d{4,8}/.exec(text)?.[0] ?? text);
  return code ? [{ code, text: text || code }] : [];
}

function toUpstreamStatus(order: FiveSimOrder): UpstreamStatus | undefined {
  switch (order.status) {
    case 'PENDING':
    case 'RECEIVED': {
      const latest = order.sms.at(-1);
      return latest ? { state: 'code', code: latest.code, text: latest.text } : { state: 'waiting' };
    }
    // TIMEOUT and BANNED end the order without a sale, like a cancellation, and 5sim refunds them.
    case 'CANCELED':
    case 'TIMEOUT':
    case 'BANNED':
      return { state: 'cancelled' };
    case 'FINISHED':
      return { state: 'finished' };
    default:
      return undefined;
  }
}

function countStock(json: unknown, country: string, product: string, operator: string): number | undefined {
  if (!isRecord(json)) return undefined;
  const byProduct = json[country];
  if (byProduct === undefined) return 0;
  if (!isRecord(byProduct)) return undefined;
  const byOperator = byProduct[product];
  if (byOperator === undefined) return 0;
  if (!isRecord(byOperator)) return undefined;
  const offers = operator === 'any' ? Object.values(byOperator) : [byOperator[operator] ?? { count: 0 }];
  let total = 0;
  for (const offer of offers) {
    const count = isRecord(offer) ? offer.count : undefined;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
    total += count;
  }
  return total;
}
