import { setImmediate as turn } from 'node:timers/promises';
import { excerpt, getText, isRecord, parseJson } from './http.ts';
import { isoOfProtocolId, protocolIdOf } from './market/countries.ts';
import type {
  ActiveActivation,
  AssignedNumber,
  NumberProvider,
  NumberRequest,
  UpstreamOffer,
  UpstreamPrice,
  UpstreamStatus,
} from './number-provider.ts';
import { ANY_OPERATOR, UpstreamError, type UpstreamErrorCode } from './number-provider.ts';
import {
  checkId,
  parseAccessNumber,
  parseActiveActivations,
  parseCost,
  parseNumberV2,
  parseOperators,
  parseStatus,
  parseStock,
  refusalOf,
} from './sms-activate-answers.ts';
import { createSmsActivateMulti } from './sms-activate-multi.ts';
import { smsActivateRentals } from './sms-activate-rent.ts';
import { createSmsActivateReuse } from './sms-activate-reuse.ts';

export interface SmsActivateOptions {
  /** Origin of the server, e.g. https://api.sms-activate.ae; "/stubs/handler_api.php" is appended. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Stored with each activation; set it when several handler_api.php sellers run side by side. */
  name?: string;
  fetch?: typeof fetch;
  /** Our service code -> this seller's code, merged over SERVICE_ALIASES; others pass through. */
  services?: Record<string, string>;
  /** The seller posts each SMS to the store's webhook (HeroSMS and others offer it). */
  pushes?: boolean;
  /** The currency of the seller's prices and balance (sms-activate itself: RUB). */
  currency?: string;
}

export interface SmsActivateProvider extends NumberProvider {
  /** getNumberV2 is idempotent by orderId; null on a server without it. */
  findOrder(req: NumberRequest): Promise<AssignedNumber | null>;
  getPrice(service: string, country: string): Promise<UpstreamPrice | null>;
  /** Account balance in the seller's currency. */
  getBalance(): Promise<number>;
  /** setStatus 1: tells the seller the SMS has been sent to the number (optional in the protocol). */
  markReady(upstreamId: string): Promise<void>;
}

/**
 * Where the store's code differs from the protocol's for the same service: the demo catalogue's Mercado
 * Livre and iFood are the protocol's cq and pd (there, ml and if are other services). A price list's cq
 * and pd are read back as ml and if.
 */
const READ_BACK_ALIASES: Readonly<Record<string, string>> = { ml: 'cq', if: 'pd' };
/** An older TikTok code, tt, is the protocol's lf; the store's own lf is read back as itself. */
const SERVICE_ALIASES: Readonly<Record<string, string>> = { tt: 'lf', ...READ_BACK_ALIASES };
/**
 * Store codes the protocol gives to other services (its nu is Stripe, its wb WeChat; the demo catalogue
 * sells Nubank and WhatsApp Business under them): never bought from, nor read from, such a seller.
 */
const STORE_ONLY: ReadonlySet<string> = new Set(['nu', 'wb']);

const ERROR_TOKENS: Readonly<Record<string, UpstreamErrorCode>> = {
  NO_NUMBERS: 'NO_NUMBERS',
  // The cheapest number costs more than our maxPrice: for this order there is nothing to buy here.
  WRONG_MAX_PRICE: 'NO_NUMBERS',
  NO_BALANCE: 'NO_BALANCE',
  BAD_KEY: 'BAD_KEY',
  BAD_SERVICE: 'BAD_SERVICE',
  BANNED: 'BANNED',
  EARLY_CANCEL_DENIED: 'EARLY_CANCEL_DENIED',
  NO_ACTIVATION: 'NOT_FOUND',
  WRONG_ACTIVATION_ID: 'NOT_FOUND',
  BAD_STATUS: 'BAD_REPLY',
  BAD_ACTION: 'BAD_REPLY',
  ERROR_SQL: 'BAD_REPLY',
};

const SET_STATUS = {
  ready: { status: '1', reply: 'ACCESS_READY' },
  anotherSms: { status: '3', reply: 'ACCESS_RETRY_GET' },
  finish: { status: '6', reply: 'ACCESS_ACTIVATION' },
  cancel: { status: '8', reply: 'ACCESS_CANCEL' },
} as const;

export function createSmsActivateProvider(opts: SmsActivateOptions): SmsActivateProvider {
  const name = opts.name ?? 'sms-activate';
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/stubs/handler_api.php`;
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const services = { ...SERVICE_ALIASES, ...opts.services };

  /** Returns the trimmed body; error tokens are for the caller because BAD_ACTION is not always fatal. */
  async function send(action: string, params: Record<string, string> = {}): Promise<string> {
    const url = new URL(endpoint);
    url.searchParams.set('api_key', opts.apiKey);
    url.searchParams.set('action', action);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const context = `${name} ${action}`;
    const reply = await getText({ fetch: fetchImpl, url, timeoutMs: opts.timeoutMs, context });
    if (reply.status >= 500 || reply.status === 429) {
      throw new UpstreamError('UNAVAILABLE', `${context}: HTTP ${reply.status}`);
    }
    return reply.body.trim();
  }

  function fail(action: string, body: string): never {
    const { token, detail } = refusalOf(body);
    const code = ERROR_TOKENS[token];
    const context = `${name} ${action}`;
    if (code) {
      throw new UpstreamError(code, detail ? `${context}: ${token} ${detail}` : `${context}: ${token}`);
    }
    throw new UpstreamError('BAD_REPLY', `${context}: unexpected reply ${excerpt(body, [opts.apiKey])}`);
  }

  /** The seller's code of one of our services, or undefined where it sells none under our meaning. */
  function theirs(service: string): string | undefined {
    return STORE_ONLY.has(service) && !(service in services) ? undefined : (services[service] ?? service);
  }

  function numberParams(req: NumberRequest): Record<string, string> {
    const service = theirs(req.service);
    if (service === undefined)
      throw new UpstreamError('BAD_SERVICE', `${name}: does not sell ${req.service}`);
    const country = protocolIdOf(req.country);
    if (country === undefined) {
      throw new UpstreamError('NO_NUMBERS', `${name}: no country id for ${req.country}`);
    }
    const params: Record<string, string> = {
      service,
      country: String(country),
    };
    if (req.maxPrice !== undefined) params.maxPrice = String(req.maxPrice);
    if (req.operator && req.operator !== ANY_OPERATOR) params.operator = req.operator;
    return params;
  }

  async function requestNumber(req: NumberRequest): Promise<AssignedNumber> {
    const params = numberParams(req);
    const v2 = await send('getNumberV2', { ...params, orderId: req.orderId });
    if (v2 !== 'BAD_ACTION') return parseNumberV2(v2) ?? fail('getNumberV2', v2);
    // Older handler_api.php servers lack getNumberV2, and with it idempotent purchases.
    const v1 = await send('getNumber', params);
    return parseAccessNumber(v1) ?? fail('getNumber', v1);
  }

  /** getNumberV2 again with the same orderId answers with the activation that order bought. */
  async function findOrder(req: NumberRequest): Promise<AssignedNumber | null> {
    const v2 = await send('getNumberV2', { ...numberParams(req), orderId: req.orderId });
    // No getNumberV2, so the purchase went through getNumber: nothing ties that number to our order.
    if (v2 === 'BAD_ACTION') return null;
    return parseNumberV2(v2) ?? fail('getNumberV2', v2);
  }

  async function getStatus(upstreamId: string): Promise<UpstreamStatus> {
    const body = await send('getStatus', { id: checkId(upstreamId) });
    return parseStatus(body) ?? fail('getStatus', body);
  }

  async function setStatus(upstreamId: string, change: (typeof SET_STATUS)[keyof typeof SET_STATUS]) {
    const body = await send('setStatus', { id: checkId(upstreamId), status: change.status });
    if (body !== change.reply) fail('setStatus', body);
  }

  async function getStock(service: string, country: string): Promise<number> {
    const id = protocolIdOf(country);
    const upstreamService = theirs(service);
    if (id === undefined || upstreamService === undefined) return 0;
    const body = await send('getPrices', { service: upstreamService, country: String(id) });
    return parseStock(body, String(id), upstreamService) ?? fail('getPrices', body);
  }

  async function getPrice(service: string, country: string): Promise<UpstreamPrice | null> {
    const id = protocolIdOf(country);
    const upstreamService = theirs(service);
    if (id === undefined || upstreamService === undefined) return null;
    const body = await send('getPrices', { service: upstreamService, country: String(id) });
    const cost = parseCost(body, String(id), upstreamService);
    if (cost === undefined) fail('getPrices', body);
    return cost === null ? null : { amount: cost, currency: opts.currency ?? 'RUB' };
  }

  /** The whole price list in one getPrices call, read back into our service and country codes. */
  async function listOffers(): Promise<UpstreamOffer[]> {
    const body = await send('getPrices');
    const json = parseJson(body);
    if (!isRecord(json)) fail('getPrices', body);
    // Their codes that mean another service in the store are left out, unless read back to ours.
    const ours = new Map(
      Object.entries({ ...READ_BACK_ALIASES, ...opts.services }).map(([our, their]) => [their, our]),
    );
    const clashes = (code: string) => code in services || STORE_ONLY.has(code);
    const offers: UpstreamOffer[] = [];
    for (const [id, byService] of Object.entries(json)) {
      // A turn of the event loop per country (about a thousand offers): an import staff start runs in a
      // process that serves requests meanwhile.
      await turn();
      const country = /^\d+$/.test(id) ? countryOfSmsActivateId(Number(id)) : undefined;
      if (!country || !isRecord(byService)) continue;
      for (const [code, offer] of Object.entries(byService)) {
        if (!isRecord(offer)) continue;
        const cost = Number(offer.cost);
        const stock = Number(offer.count);
        if (!Number.isFinite(cost) || cost < 0 || !Number.isInteger(stock) || stock < 0) continue;
        const service = ours.get(code) ?? (clashes(code) ? undefined : code);
        if (service === undefined) continue;
        offers.push({ service, country, price: { amount: cost, currency: opts.currency ?? 'RUB' }, stock });
      }
    }
    return offers;
  }

  /**
   * getOperators for one country: the protocol lists operators per country, not per service. A server
   * without the action (BAD_ACTION) cannot choose operators, so it lists none.
   */
  async function listOperators(country: string): Promise<string[]> {
    const id = protocolIdOf(country);
    if (id === undefined) return [];
    const body = await send('getOperators', { country: String(id) });
    if (body === 'BAD_ACTION') return [];
    const operators = parseOperators(body, String(id));
    return operators ?? fail('getOperators', body);
  }

  async function getActiveActivations(): Promise<ActiveActivation[]> {
    const body = await send('getActiveActivations');
    return parseActiveActivations(body) ?? fail('getActiveActivations', body);
  }

  async function getBalance(): Promise<number> {
    const body = await send('getBalance');
    const match = /^ACCESS_BALANCE:(-?\d+(?:\.\d+)?)$/.exec(body);
    return match ? Number(match[1]) : fail('getBalance', body);
  }

  return {
    name,
    inbound: opts.pushes ? 'push' : 'poll',
    requestNumber,
    findOrder,
    getStatus,
    getActiveActivations,
    requestAnotherSms: (id) => setStatus(id, SET_STATUS.anotherSms),
    cancel: (id) => setStatus(id, SET_STATUS.cancel),
    finish: (id) => setStatus(id, SET_STATUS.finish),
    markReady: (id) => setStatus(id, SET_STATUS.ready),
    getStock,
    getPrice,
    listOffers,
    listOperators,
    getBalance,
    rental: smsActivateRentals({ name, send, params: (req) => numberParams({ ...req, orderId: '' }) }),
    ...createSmsActivateReuse({
      name,
      currency: opts.currency ?? 'RUB',
      send,
      fail,
      parseAccessNumber,
      parseNumberV2,
    }),
    ...createSmsActivateMulti({ name, send, fail, theirs }),
  };
}

// The same tables read the other way, for the store's own handler_api.php (features/reseller): what our
// client sends to a seller is exactly what resellers' bots send to us.

/** sms-activate's numeric id of an ISO country, or undefined when the protocol has none for it. */
export function smsActivateCountryId(country: string): number | undefined {
  return protocolIdOf(country);
}

/** The ISO country behind one of sms-activate's numeric ids, or undefined for an id we do not know. */
export function countryOfSmsActivateId(id: number): string | undefined {
  return isoOfProtocolId(id);
}

/** Our service code as sms-activate names it (only the aliased ones differ). */
export function smsActivateServiceCode(service: string): string {
  return SERVICE_ALIASES[service] ?? service;
}

/**
 * The protocol's code for one of our services, or undefined for a service of ours whose code the protocol
 * gives to another (its `nu` is Stripe, its `wb` WeChat): offered under that code, a bot would buy our
 * Nubank number for its Stripe account.
 */
export function protocolServiceCode(service: string): string | undefined {
  return STORE_ONLY.has(service) && !(service in SERVICE_ALIASES)
    ? undefined
    : smsActivateServiceCode(service);
}
