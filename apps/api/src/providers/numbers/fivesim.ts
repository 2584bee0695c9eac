import { setImmediate as turn } from 'node:timers/promises';
import { countStock, offerCost, operatorsIn } from './fivesim-prices.ts';
import { fivesimRentals } from './fivesim-rent.ts';
import { excerpt, getText, isRecord, parseJson, toE164Digits } from './http.ts';
import { fivesimNameOf, isoOfFivesimName } from './market/countries.ts';
import type {
  AssignedNumber,
  NumberProvider,
  NumberRequest,
  OrderLookup,
  UpstreamOffer,
  UpstreamPrice,
  UpstreamStatus,
} from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError, type UpstreamErrorCode } from './number-provider.ts';

export interface FiveSimOptions {
  /** e.g. https://5sim.net */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** 5sim operator to buy from when the customer names none; "any" lets 5sim choose. */
  operator?: string;
  fetch?: typeof fetch;
  /** Our service code -> 5sim product, merged over FIVESIM_PRODUCTS. */
  products?: Record<string, string>;
  /** The currency of the account's prices (5sim: RUB). */
  currency?: string;
}

export interface FiveSimProvider extends NumberProvider {
  findOrder(req: OrderLookup): Promise<AssignedNumber>;
  getPrice(service: string, country: string): Promise<UpstreamPrice | null>;
  getBalance(): Promise<number>;
}

/**
 * Our catalogue's service codes -> 5sim products. Keyed by the store's codes, which are not always the
 * protocol's (our tt is its lf); market/services.ts has 5sim's product for each protocol code.
 */
export const FIVESIM_PRODUCTS: Readonly<Record<string, string>> = {
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
  'reuse not possible': 'REUSE_REFUSED',
  'reuse expired': 'REUSE_REFUSED',
};

/** How far 5sim's clock may be from ours when matching an order by its time. */
const CLOCK_SKEW_MS = 60_000;
const HISTORY_PAGE = 100;
const HISTORY_PAGES = 5;
/** Orders still holding a number: the ones worth cancelling. */
const OPEN_STATUSES = new Set(['PENDING', 'RECEIVED']);

interface HistoryOrder {
  id: string;
  phone: string;
  status: string;
  product: string;
  country: string;
  createdAt: number;
}

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

  function namesOf(req: NumberRequest): { country: string; product: string } {
    const country = fivesimNameOf(req.country);
    if (!country) throw new UpstreamError('NO_NUMBERS', `${name}: no country name for ${req.country}`);
    const product = products[req.service];
    if (!product) throw new UpstreamError('BAD_SERVICE', `${name}: no product for service ${req.service}`);
    return { country, product };
  }

  async function requestNumber(req: NumberRequest): Promise<AssignedNumber> {
    const { country, product } = namesOf(req);
    const chosen = req.operator && req.operator !== ANY_OPERATOR ? req.operator : operator;
    const path = `/v1/user/buy/activation/${segment(country)}/${segment(chosen)}/${segment(product)}`;
    const query: Record<string, string> =
      req.maxPrice === undefined ? {} : { maxPrice: String(req.maxPrice) };
    const order = await getOrder(path, query);
    return { upstreamId: order.id, phoneNumber: order.phone };
  }

  /**
   * 5sim takes no order id of ours, so an order whose answer was lost is found in the account's
   * history (newest first): the oldest open order for the same product and country made between the
   * moment we asked (less a clock skew) and the end of our timeout, that the store does not already hold.
   */
  async function findOrder(req: OrderLookup): Promise<AssignedNumber> {
    const { country, product } = namesOf(req);
    const from = req.askedAt.getTime() - CLOCK_SKEW_MS;
    const until = req.askedAt.getTime() + opts.timeoutMs + CLOCK_SKEW_MS;
    const known = new Set(req.known);
    let match: HistoryOrder | undefined;
    for (let page = 0; page < HISTORY_PAGES; page++) {
      const json = await get('/v1/user/orders', {
        category: 'activation',
        limit: String(HISTORY_PAGE),
        offset: String(page * HISTORY_PAGE),
        order: 'id',
        reverse: 'true',
      });
      const orders = parseHistory(json);
      if (!orders) throw new UpstreamError('BAD_REPLY', `${name}: order history without Data`);
      for (const o of orders) {
        const fits =
          o.product === product &&
          o.country === country &&
          OPEN_STATUSES.has(o.status) &&
          o.createdAt >= from &&
          o.createdAt <= until &&
          !known.has(o.id);
        if (fits && (!match || o.createdAt <= match.createdAt)) match = o;
      }
      const oldest = orders.at(-1);
      if (orders.length < HISTORY_PAGE || !oldest || oldest.createdAt < from) break;
    }
    if (!match) throw new UpstreamError('NOT_FOUND', `${name}: no open order for this purchase`);
    return { upstreamId: match.id, phoneNumber: match.phone };
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
    const countryName = fivesimNameOf(country);
    const product = products[service];
    if (!countryName || !product) return 0;
    const json = await get('/v1/guest/prices', { country: countryName, product });
    const count = countStock(json, countryName, product, operator);
    if (count === undefined) throw new UpstreamError('BAD_REPLY', `${name}: prices without counts`);
    return count;
  }

  async function getPrice(service: string, country: string): Promise<UpstreamPrice | null> {
    const countryName = fivesimNameOf(country);
    const product = products[service];
    if (!countryName || !product) return null;
    const json = await get('/v1/guest/prices', { country: countryName, product });
    const cost = offerCost(json, countryName, product, operator);
    if (cost === undefined) throw new UpstreamError('BAD_REPLY', `${name}: prices without costs`);
    return cost === null ? null : { amount: cost, currency: opts.currency ?? 'RUB' };
  }

  /** The whole price list in one call, read back into our service and country codes. */
  async function listOffers(): Promise<UpstreamOffer[]> {
    const json = await get('/v1/guest/prices');
    if (!isRecord(json)) throw new UpstreamError('BAD_REPLY', `${name}: prices not understood`);
    const services = new Map(Object.entries(products).map(([code, product]) => [product, code]));
    const offers: UpstreamOffer[] = [];
    for (const [countryName, byProduct] of Object.entries(json)) {
      // A turn of the event loop per country, as the handler_api.php adapter takes.
      await turn();
      const country = isoOfFivesimName(countryName);
      if (!country || !isRecord(byProduct)) continue;
      for (const product of Object.keys(byProduct)) {
        const service = services.get(product);
        if (!service) continue;
        const cost = offerCost(json, countryName, product, operator);
        const stock = countStock(json, countryName, product, operator);
        if (cost == null || stock === undefined) continue;
        offers.push({ service, country, price: { amount: cost, currency: opts.currency ?? 'RUB' }, stock });
      }
    }
    return offers;
  }

  /**
   * The operators with numbers in a country (of the service's product, when given), from the same guest
   * price list the costs come from: 5sim has no other list of them.
   */
  async function listOperators(country: string, service?: string): Promise<string[]> {
    const countryName = fivesimNameOf(country);
    const product = service === undefined ? undefined : products[service];
    if (!countryName || (service !== undefined && !product)) return [];
    const json = await get(
      '/v1/guest/prices',
      product ? { country: countryName, product } : { country: countryName },
    );
    const operators = operatorsIn(json, countryName, product);
    if (!operators) throw new UpstreamError('BAD_REPLY', `${name}: prices not understood`);
    return operators;
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
    findOrder,
    getStatus,
    // A 5sim order keeps receiving SMS until it expires; there is nothing to ask, only the id to check.
    requestAnotherSms: (id) => act('check', id),
    cancel: (id) => act('cancel', id),
    finish: (id) => act('finish', id),
    getStock,
    getPrice,
    listOffers,
    listOperators,
    getBalance,
    rental: fivesimRentals({
      get,
      names: (req) => namesOf({ ...req, orderId: '' }),
      defaultOperator: operator,
      phoneOf: (json) => parseOrder(json)?.phone,
    }),
    // 5sim names no reuse price before the reuse: the store's own price is what the customer is shown.
    reusePrice: async () => null,
    /** A new order on the number of an order of ours (5sim's "reuse"), by product and number. */
    reuseNumber: async (original) => {
      const product = products[original.service];
      if (!product) throw new UpstreamError('REUSE_REFUSED', `${name}: no product for ${original.service}`);
      const order = await getOrder(`/v1/user/reuse/${segment(product)}/${segment(original.phoneNumber)}`);
      return { upstreamId: order.id, phoneNumber: order.phone };
    },
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

/** `{Data: [order…], Total}` from /v1/user/orders; undefined when it is not that. */
function parseHistory(json: unknown): HistoryOrder[] | undefined {
  if (!isRecord(json) || !Array.isArray(json.Data)) return undefined;
  return json.Data.flatMap((value: unknown) => {
    const order = parseOrder(value);
    if (!order || !isRecord(value)) return [];
    const createdAt = typeof value.created_at === 'string' ? Date.parse(value.created_at) : Number.NaN;
    const { product, country } = value;
    if (typeof product !== 'string' || typeof country !== 'string' || Number.isNaN(createdAt)) return [];
    return [{ id: order.id, phone: order.phone, status: order.status, product, country, createdAt }];
  });
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
