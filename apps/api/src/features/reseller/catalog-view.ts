import type { CountrySummary, ProductOffer } from '@numero/contract/catalog';
import type { PreparedJson } from '../../http/catalog-memory.ts';
import { protocolServiceCode, smsActivateCountryId } from '../../providers/numbers/sms-activate.ts';
import { countryParam, type ProtocolParams } from './protocol-format.ts';
import { STANDARD_SERVICE_CODES } from './standard-services.ts';

// The protocol's catalogue answers as pure functions of one read of the whole catalogue (a view), so
// that the memory of catalog-answers.ts cuts every filtered answer from the same data.

export type PriceEntry = { cost: number; count: number; successRate?: number; medianCodeSeconds?: number };

/**
 * The store's record of a service × country as extra keys of a getPrices or getTopCountriesByService entry, beside sms-activate's
 * cost and count. Clients index into the keys they know, so more keys are harmless; a key is left out
 * rather than sent as null, which strictly typed clients would refuse to read into a number.
 */
export function trackRecordKeys(
  p: Pick<ProductOffer, 'success_rate' | 'median_seconds_to_code'>,
): Pick<PriceEntry, 'successRate' | 'medianCodeSeconds'> {
  return {
    ...(p.success_rate === null ? {} : { successRate: p.success_rate }),
    ...(p.median_seconds_to_code === null ? {} : { medianCodeSeconds: p.median_seconds_to_code }),
  };
}

/** A product as the catalogue answers read it: only what they show (the memory holds 200,000 of them). */
export type Offer = Pick<
  ProductOffer,
  'service_code' | 'country_code' | 'price' | 'stock' | 'success_rate' | 'median_seconds_to_code'
>;
export type ServiceCodes = Map<string, { code: string; name: string }>;

/**
 * The whole catalogue in one currency, read at once: every filtered answer is cut from it, and the
 * unfiltered ones are kept ready to send. Offers are in the catalogue's order (in stock first, then by
 * price), the order its listProducts gives, so each cut equals what that filter read from the database.
 */
export interface CatalogView {
  services: ServiceCodes;
  all: Offer[];
  byCountry: Map<string, Offer[]>;
  byService: Map<string, Offer[]>;
  full: { getPrices: PreparedJson; getCountries: PreparedJson; getServicesList: PreparedJson };
}
export type Filter = { service?: string; country?: string };

/** The offers a filter on service and country selects, as listProducts(filter) selects them. */
export function offers(view: Omit<CatalogView, 'full'>, filter: Filter): Offer[] {
  if (filter.service) {
    const ofService = view.byService.get(filter.service) ?? [];
    return filter.country ? ofService.filter((p) => p.country_code === filter.country) : ofService;
  }
  return filter.country ? (view.byCountry.get(filter.country) ?? []) : view.all;
}

export function groupBy(all: Offer[], key: (p: Offer) => string): Map<string, Offer[]> {
  const map = new Map<string, Offer[]>();
  for (const p of all) {
    const list = map.get(key(p));
    if (list) list.push(p);
    else map.set(key(p), [p]);
  }
  return map;
}

export const unfiltered = (value: string | undefined) => value === undefined || value === '';

export function countriesOf(countries: CountrySummary[]) {
  const out: Record<string, unknown> = {};
  for (const c of countries) {
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
  return out;
}

export function servicesOf(view: Omit<CatalogView, 'full'>, params: ProtocolParams) {
  let offered: Set<string> | null = null;
  if (!unfiltered(params.country)) {
    const country = countryParam(params.country);
    offered = new Set(country ? offers(view, { country }).map((p) => p.service_code) : []);
  }
  const list = [...view.services.entries()]
    .filter(([, s]) => offered === null || offered.has(s.code))
    .map(([code, s]) => ({ code, name: s.name }));
  return { status: 'success', services: list };
}

export function pricesOf(view: Omit<CatalogView, 'full'>, params: ProtocolParams) {
  const filter: Filter = {};
  let codes = STANDARD_SERVICE_CODES;
  if (params.service) {
    const code = params.service.toLowerCase();
    const service = view.services.get(code);
    if (!service && !STANDARD_SERVICE_CODES.includes(code)) return {};
    codes = [code];
    // A standard code the store does not sell: its countries, each with nothing in stock.
    if (service) filter.service = service.code;
  }
  // No country: every country, as sms-activate answers.
  if (!unfiltered(params.country)) {
    const country = countryParam(params.country);
    if (!country) return {};
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
  for (const p of offers(view, query)) {
    const id = smsActivateCountryId(p.country_code);
    if (id === undefined) continue;
    const byService = countryEntry(id);
    const code = protocolServiceCode(p.service_code);
    // A service of ours the protocol has no code for is not offered to bots.
    if (code === undefined) continue;
    // The first offer of a service in a country is the one a purchase takes.
    if (!sells || priced.has(`${id}:${code}`)) continue;
    priced.add(`${id}:${code}`);
    byService[code] = { cost: p.price / 100, count: p.stock, ...trackRecordKeys(p) };
  }
  // A country asked where nothing sells: every code at 0.
  const askedId = filter.country ? smsActivateCountryId(filter.country) : undefined;
  if (askedId !== undefined) countryEntry(askedId);
  return out;
}
