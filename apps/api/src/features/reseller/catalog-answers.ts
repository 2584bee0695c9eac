import type { ProductOffer } from '@numero/contract/catalog';
import { smsActivateCountryId, smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import {
  ANY_OPERATOR,
  countryParam,
  decimal,
  type ProtocolParams,
  type ProtocolReply,
  token,
} from './protocol-format.ts';
import { anyOperatorAsked } from './purchase-filters.ts';
import { STANDARD_SERVICE_CODES } from './standard-services.ts';

type PriceEntry = { cost: number; count: number; successRate?: number; medianCodeSeconds?: number };

/**
 * The store's record of a service × country as extra keys of a getPrices or getTopCountriesByService entry, beside sms-activate's
 * cost and count. Clients index into the keys they know, so more keys are harmless; a key is left out
 * rather than sent as null, which strictly typed clients would refuse to read into a number.
 */
function trackRecordKeys(p: ProductOffer): Pick<PriceEntry, 'successRate' | 'medianCodeSeconds'> {
  return {
    ...(p.success_rate === null ? {} : { successRate: p.success_rate }),
    ...(p.median_seconds_to_code === null ? {} : { medianCodeSeconds: p.median_seconds_to_code }),
  };
}

/** The catalogue in the protocol's words: stock, countries, services and prices for the key's currency. */
export function createCatalogAnswers({
  catalog,
}: {
  catalog: Pick<CatalogService, 'listProducts' | 'listServices' | 'listCountries'>;
}) {
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

  /**
   * "<code>_0" → stock in one country, for every standard code (0 where none is sold). An operator other
   * than "any" has no numbers here: every count is 0.
   */
  async function getNumbersStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const country = countryParam(params.country);
    if (!country) return { json: {} };
    const counts: Record<string, number> = {};
    for (const code of STANDARD_SERVICE_CODES) counts[`${code}_0`] = 0;
    const anyOperator = anyOperatorAsked(params.operator);
    for (const p of await catalog.listProducts({ country }, holder.currency, 'en'))
      counts[`${smsActivateServiceCode(p.service_code)}_0`] = anyOperator ? p.stock : 0;
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

  /**
   * Country id → service code → {cost, count}: every country asked (all the store sells in by default),
   * each with every standard code, or the one asked; `{cost: 0, count: 0}` where none is sold. The cost
   * is a JSON number, as HeroSMS and sms-activate send it: typed clients read it into a number.
   */
  async function getPrices(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const filter: { service?: string; country?: string } = {};
    let codes = STANDARD_SERVICE_CODES;
    if (params.service) {
      const code = params.service.toLowerCase();
      const service = (await serviceCodes()).get(code);
      if (!service && !STANDARD_SERVICE_CODES.includes(code)) return { json: {} };
      codes = [code];
      // A standard code the store does not sell: its countries, each with nothing in stock.
      if (service) filter.service = service.code;
    }
    // No country: every country, as sms-activate answers.
    if (params.country !== undefined && params.country !== '') {
      const country = countryParam(params.country);
      if (!country) return { json: {} };
      filter.country = country;
    }
    const out: Record<string, Record<string, PriceEntry>> = {};
    const priced = new Set<string>();
    const countryEntry = (id: number) => {
      let byService = out[String(id)];
      if (!byService) {
        byService = {};
        for (const code of codes) byService[code] = { cost: 0, count: 0 };
        out[String(id)] = byService;
      }
      return byService;
    };
    // A service asked that the store does not sell is looked up only for its countries.
    const sells = Boolean(filter.service) || !params.service;
    const query = sells ? filter : { country: filter.country };
    for (const p of await catalog.listProducts(query, holder.currency, 'en')) {
      const id = smsActivateCountryId(p.country_code);
      if (id === undefined) continue;
      const byService = countryEntry(id);
      const code = smsActivateServiceCode(p.service_code);
      // The first offer of a service in a country is the one a purchase takes.
      if (!sells || priced.has(`${id}:${code}`)) continue;
      priced.add(`${id}:${code}`);
      byService[code] = { cost: p.price / 100, count: p.stock, ...trackRecordKeys(p) };
    }
    // A country asked where nothing sells: every code at 0.
    const askedId = filter.country ? smsActivateCountryId(filter.country) : undefined;
    if (askedId !== undefined) countryEntry(askedId);
    return { json: out };
  }

  /**
   * Where a service sells, best offer first: an object keyed "0", "1", … as sms-activate sends it, with
   * the country's id, its stock and its price (the store has one price, so retail_price is the same),
   * and the store's record there as in getPrices.
   */
  async function getTopCountriesByService(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const service = params.service ? (await serviceCodes()).get(params.service.toLowerCase()) : undefined;
    if (!service) return token('BAD_SERVICE');
    const offers = (await catalog.listProducts({ service: service.code }, holder.currency, 'en'))
      .filter((p) => p.stock > 0 && smsActivateCountryId(p.country_code) !== undefined)
      .sort((a, b) => b.stock - a.stock || a.price - b.price);
    type TopEntry = { country: number; count: number; price: number; retail_price: number };
    type Extra = Pick<PriceEntry, 'successRate' | 'medianCodeSeconds'> & {
      freePriceMap?: Record<string, number>;
    };
    const out: Record<string, TopEntry & Extra> = {};
    // freePrice: the stock per price, as sellers with several prices list it; the store has one.
    const freePrice = ['true', '1'].includes((params.freePrice ?? '').toLowerCase());
    offers.forEach((p, i) => {
      const price = p.price / 100;
      out[String(i)] = {
        country: smsActivateCountryId(p.country_code)!,
        count: p.stock,
        price,
        retail_price: price,
        ...trackRecordKeys(p),
        ...(freePrice ? { freePriceMap: { [decimal(p.price)]: p.stock } } : {}),
      };
    });
    return { json: out };
  }

  /**
   * The operators one can ask for, per sms-activate country id. The store does not choose a number's
   * operator, so each country it sells in has the one the protocol calls "any"; a country it does not
   * sell in (or an id that names none) is OPERATORS_NOT_FOUND.
   */
  async function getOperators(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const asked = params.country !== undefined && params.country !== '';
    const country = asked ? countryParam(params.country) : undefined;
    if (asked && !country) return token('OPERATORS_NOT_FOUND');
    const products = await catalog.listProducts(country ? { country } : {}, holder.currency, 'en');
    const countryOperators: Record<string, string[]> = {};
    for (const p of products) {
      const id = smsActivateCountryId(p.country_code);
      if (id !== undefined) countryOperators[String(id)] = [ANY_OPERATOR];
    }
    if (Object.keys(countryOperators).length === 0) return token('OPERATORS_NOT_FOUND');
    return { json: { status: 'success', countryOperators } };
  }

  return {
    serviceCodes,
    getOperators,
    getNumbersStatus,
    getCountries,
    getServicesList,
    getPrices,
    getTopCountriesByService,
    // Ranked for this user's discounts at sms-activate; the store has one price for everyone.
    getTopCountriesByServiceRank: getTopCountriesByService,
  };
}
export type CatalogAnswers = ReturnType<typeof createCatalogAnswers>;
