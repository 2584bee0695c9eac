import { randomUUID } from 'node:crypto';
import type { Activation, ActivationDetail, ActivationStatus } from '@numero/contract/activations';
import type { Currency } from '@numero/contract/common';
import { AppError } from '../../http/errors.ts';
import {
  countryOfSmsActivateId,
  smsActivateCountryId,
  smsActivateServiceCode,
} from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { ActivationsService } from '../activations/activations.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/**
 * What one protocol call answers: a plain-text token or a JSON document, with HTTP 200 unless said
 * otherwise (the protocol reports its own errors in the body, as sms-activate does).
 */
export type ProtocolReply =
  | { text: string; status?: number; headers?: Record<string, string> }
  | { json: unknown };

export type ProtocolParams = Readonly<Record<string, string | undefined>>;

/**
 * A country left out means the store's home country, Brazil. (sms-activate falls back to a setting of
 * the account; ours has none, and a Brazilian store's bots mostly buy Brazilian numbers.)
 */
const DEFAULT_COUNTRY = 'BR';

/** ISO 4217 numeric codes: sms-activate sends its currency as a number (643, roubles). */
const CURRENCY_NUMBERS: Record<Currency, number> = { BRL: 986, USD: 840 };

/**
 * getActiveActivations' activationStatus: the public examples show "4" for an activation in use; "3"
 * mirrors setStatus 3 while another SMS is awaited. Whether a code came is in smsCode.
 */
const ACTIVE_STATUS = '4';
const AWAITING_ANOTHER_SMS_STATUS = '3';

/** States in which the number is still the bot's to use. */
const ACTIVE_STATUSES: readonly ActivationStatus[] = ['pending', 'waiting_sms', 'code_received'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** orderId of getNumberV2: becomes part of the purchase's idempotency key, so it must fit its alphabet. */
const ORDER_ID = /^[A-Za-z0-9_.:-]{1,100}$/;
const PAGE = 100;

const token = (text: string): ProtocolReply => ({ text });

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
function protocolTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

/** The ISO country of a `country` parameter: a numeric sms-activate id, or the default when absent. */
function countryParam(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return DEFAULT_COUNTRY;
  return /^\d{1,4}$/.test(value) ? countryOfSmsActivateId(Number(value)) : undefined;
}

export interface HandlerApiDeps {
  activations: Pick<ActivationsService, 'purchase' | 'get' | 'list' | 'cancel' | 'resend' | 'finish'>;
  catalog: Pick<CatalogService, 'listProducts' | 'listServices' | 'listCountries'>;
  ledger: Pick<LedgerService, 'walletBalance'>;
}

/**
 * The handler_api.php protocol on top of the store: every purchase, cancellation, resend and finish goes
 * through the activations service, so money moves by exactly the same rules as on the website.
 */
export function createHandlerApi({ activations, catalog, ledger }: HandlerApiDeps) {
  /** sms-activate service code → ours, for the services on sale now. */
  async function serviceCodes(): Promise<Map<string, { code: string; name: string }>> {
    const map = new Map<string, { code: string; name: string }>();
    for (const s of await catalog.listServices('BRL', 'en')) {
      const theirs = smsActivateServiceCode(s.code);
      // Two of ours may show under one code (an alias and the code itself): the literal one wins.
      if (!map.has(theirs) || theirs === s.code) map.set(theirs, { code: s.code, name: s.name });
    }
    return map;
  }

  async function owned(holder: KeyHolder, id: string | undefined): Promise<ActivationDetail | null> {
    if (!id || !UUID.test(id)) return null;
    try {
      return await activations.get(holder.userId, id);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ACTIVATION_NOT_FOUND') return null;
      throw err;
    }
  }

  // ---- catalogue ----

  async function getNumbersStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const country = countryParam(params.country);
    if (!country) return { json: {} };
    const counts: Record<string, number> = {};
    for (const p of await catalog.listProducts({ country }, holder.currency, 'en'))
      counts[`${smsActivateServiceCode(p.service_code)}_0`] = p.stock;
    return { json: counts };
  }

  async function getCountries(): Promise<ProtocolReply> {
    const out: Record<string, unknown> = {};
    for (const c of await catalog.listCountries('en')) {
      const id = smsActivateCountryId(c.code);
      if (id === undefined) continue;
      // The protocol names countries in Russian, English and Chinese; we hold Portuguese and English.
      out[String(id)] = {
        id,
        rus: c.name_en,
        eng: c.name_en,
        chn: c.name_en,
        pt: c.name_pt,
        visible: 1,
        retry: 1,
        rent: 0,
        multiService: 0,
      };
    }
    return { json: out };
  }

  async function getServicesList(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const services = await serviceCodes();
    let offered: Set<string> | null = null;
    if (params.country !== undefined && params.country !== '') {
      const country = countryParam(params.country);
      const products = country ? await catalog.listProducts({ country }, holder.currency, 'en') : [];
      offered = new Set(products.map((p) => p.service_code));
    }
    const list = [...services.entries()]
      .filter(([, s]) => offered === null || offered.has(s.code))
      .map(([code, s]) => ({ code, name: s.name }));
    return { json: { status: 'success', services: list } };
  }

  async function getPrices(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const filter: { service?: string; country?: string } = {};
    if (params.service) {
      const service = (await serviceCodes()).get(params.service.toLowerCase());
      if (!service) return { json: {} };
      filter.service = service.code;
    }
    // No country: every country, as sms-activate answers.
    if (params.country !== undefined && params.country !== '') {
      const country = countryParam(params.country);
      if (!country) return { json: {} };
      filter.country = country;
    }
    const out: Record<string, Record<string, { cost: string; count: number }>> = {};
    for (const p of await catalog.listProducts(filter, holder.currency, 'en')) {
      const id = smsActivateCountryId(p.country_code);
      if (id === undefined) continue;
      const byService = out[String(id)] ?? {};
      out[String(id)] = byService;
      byService[smsActivateServiceCode(p.service_code)] ??= { cost: decimal(p.price), count: p.stock };
    }
    return { json: out };
  }

  // ---- buying ----

  function purchaseRefusal(err: unknown): ProtocolReply {
    if (!(err instanceof AppError)) throw err;
    switch (err.code) {
      case 'INSUFFICIENT_FUNDS':
        return token('NO_BALANCE');
      // Nothing to sell now; the price, if taken, went back at once.
      case 'NO_NUMBERS':
      case 'OUT_OF_STOCK':
      case 'PRODUCT_NOT_FOUND':
      case 'PRODUCT_UNAVAILABLE':
      case 'UPSTREAM_UNAVAILABLE':
        return token('NO_NUMBERS');
      case 'PURCHASE_RATE_LIMITED':
        return { text: 'TOO_MANY_REQUESTS', status: 429, headers: err.headers };
      // The same orderId was used for another service or country.
      case 'IDEMPOTENCY_KEY_REUSED':
        return token('ORDER_ALREADY_EXISTS');
      default:
        return token('ERROR_SQL');
    }
  }

  /** Buys through the activations service; the activation, or the token that refuses it. */
  async function buy(
    holder: KeyHolder,
    params: ProtocolParams,
    orderId: string | undefined,
  ): Promise<ActivationDetail | ProtocolReply> {
    const service = params.service ? (await serviceCodes()).get(params.service.toLowerCase()) : undefined;
    if (!service) return token('BAD_SERVICE');
    const country = countryParam(params.country);
    if (!country) return token('NO_NUMBERS');
    const [product] = await catalog.listProducts({ service: service.code, country }, holder.currency, 'en');
    if (!product) return token('NO_NUMBERS');
    if (params.maxPrice !== undefined && params.maxPrice !== '') {
      const max = parseMaxPrice(params.maxPrice);
      if (max === null || product.price > max) return token(`WRONG_MAX_PRICE:${decimal(product.price)}`);
    }
    try {
      const { activation } = await activations.purchase({
        userId: holder.userId,
        productId: product.id,
        currency: holder.currency,
        // Keys live per user, so one reseller's orderId never meets another's; the prefix keeps them apart
        // from the website's own keys.
        idempotencyKey: `reseller:${orderId ?? randomUUID()}`,
      });
      // A retried order whose first request is still waiting for its number: ask again shortly.
      if (!activation.phone_number) return token('ERROR_SQL');
      return activation;
    } catch (err) {
      return purchaseRefusal(err);
    }
  }

  const isReply = (v: ActivationDetail | ProtocolReply): v is ProtocolReply => 'text' in v || 'json' in v;

  async function getNumber(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const bought = await buy(holder, params, undefined);
    if (isReply(bought)) return bought;
    return token(`ACCESS_NUMBER:${bought.id}:${bought.phone_number}`);
  }

  async function getNumberV2(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const orderId = params.orderId || undefined;
    if (orderId !== undefined && !ORDER_ID.test(orderId)) return token('BAD_ACTION');
    const bought = await buy(holder, params, orderId);
    if (isReply(bought)) return bought;
    return {
      json: {
        activationId: bought.id,
        phoneNumber: bought.phone_number,
        activationCost: bought.price / 100,
        currency: CURRENCY_NUMBERS[bought.currency],
        countryCode: String(smsActivateCountryId(bought.country_code) ?? ''),
        // Every activation may ask for another SMS once its code came (setStatus 3).
        canGetAnotherSms: '1',
        activationTime: protocolTime(bought.created_at),
        activationOperator: 'any',
      },
    };
  }

  // ---- one activation ----

  async function getStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    return token(statusToken(a));
  }

  /** Runs an action of the activations service; a refusal becomes the token `refusals` names, else BAD_STATUS. */
  async function act(
    run: () => Promise<unknown>,
    done: string,
    refusals: Record<string, string> = {},
  ): Promise<ProtocolReply> {
    try {
      await run();
      return token(done);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'ACTIVATION_NOT_FOUND') return token('NO_ACTIVATION');
      // Upstream could not answer now: nothing changed, and the same call may be made again.
      if (err.code === 'UPSTREAM_RETRY') return token('ERROR_SQL');
      return token(refusals[err.code] ?? 'BAD_STATUS');
    }
  }

  async function setStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const a = await owned(holder, params.id);
    if (!a) return token('NO_ACTIVATION');
    const { userId } = holder;
    switch (params.status) {
      // "The SMS was sent to the number": nothing to do here, the store checks for it anyway.
      case '1':
        return token(ACTIVE_STATUSES.includes(a.status) ? 'ACCESS_READY' : 'BAD_STATUS');
      case '3':
        // Asked twice: the second one finds the first still waiting, which is what was asked for.
        return act(() => activations.resend(userId, a.id), 'ACCESS_RETRY_GET', {
          RESEND_IN_PROGRESS: 'ACCESS_RETRY_GET',
        });
      case '6':
        return act(() => activations.finish(userId, a.id), 'ACCESS_ACTIVATION');
      case '8':
        return cancel(holder, a);
      default:
        return token('BAD_STATUS');
    }
  }

  /** Cancels before the code and refunds; a second cancel of a refunded activation changes nothing. */
  async function cancel(holder: KeyHolder, a: ActivationDetail): Promise<ProtocolReply> {
    if (a.settled === 'refunded') return token('ACCESS_CANCEL');
    const reply = await act(() => activations.cancel(holder.userId, a.id), 'ACCESS_CANCEL', {
      EARLY_CANCEL_DENIED: 'EARLY_CANCEL_DENIED',
    });
    if ('text' in reply && reply.text === 'BAD_STATUS') {
      // It may have expired (and been refunded) between the read and the cancel.
      const now = await owned(holder, a.id);
      if (now?.settled === 'refunded') return token('ACCESS_CANCEL');
    }
    return reply;
  }

  // ---- all active ----

  async function listAll(userId: string, status: ActivationStatus): Promise<Activation[]> {
    const all: Activation[] = [];
    for (let skip = 0; ; skip += PAGE) {
      const page = await activations.list(userId, { status, skip, limit: PAGE });
      all.push(...page.items);
      if (page.items.length < PAGE || all.length >= page.total) return all;
    }
  }

  async function getActiveActivations(holder: KeyHolder): Promise<ProtocolReply> {
    // A pending purchase has no number yet: nothing a bot could use.
    const [waiting, withCode] = await Promise.all([
      listAll(holder.userId, 'waiting_sms'),
      listAll(holder.userId, 'code_received'),
    ]);
    const active = [...waiting, ...withCode].sort((x, y) => y.created_at.localeCompare(x.created_at));
    return {
      json: {
        status: 'success',
        activeActivations: active.map((a) => ({
          activationId: a.id,
          serviceCode: smsActivateServiceCode(a.service_code),
          phoneNumber: a.phone_number,
          activationCost: a.price / 100,
          currency: CURRENCY_NUMBERS[a.currency],
          activationStatus: a.awaiting_sms && a.code ? AWAITING_ANOTHER_SMS_STATUS : ACTIVE_STATUS,
          smsCode: a.code ? [a.code] : null,
          smsText: a.sms_text,
          activationTime: protocolTime(a.created_at),
          countryCode: String(smsActivateCountryId(a.country_code) ?? ''),
          countryName: a.country_name_en,
          canGetAnotherSms: '1',
        })),
      },
    };
  }

  // ---- dispatch ----

  const actions: Record<string, (holder: KeyHolder, params: ProtocolParams) => Promise<ProtocolReply>> = {
    getBalance: async (holder) =>
      token(`ACCESS_BALANCE:${decimal(await ledger.walletBalance(holder.userId, holder.currency))}`),
    getNumbersStatus,
    getCountries,
    getServicesList,
    getPrices,
    getNumber,
    getNumberV2,
    getStatus,
    setStatus,
    getActiveActivations,
  };

  return {
    /** Answers one call of an authenticated key holder; an unknown action is BAD_ACTION. */
    async run(holder: KeyHolder, action: string | undefined, params: ProtocolParams) {
      const handler = action && Object.hasOwn(actions, action) ? actions[action] : undefined;
      return handler ? handler(holder, params) : token('BAD_ACTION');
    },
  };
}
export type HandlerApi = ReturnType<typeof createHandlerApi>;

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
