import type { CountrySummary, ProductOffer } from '@numero/contract/catalog';
import type { PreparedJson } from '../../http/catalog-memory.ts';
import { protocolServiceCode, smsActivateCountryId } from '../../providers/numbers/sms-activate.ts';
import type { Shelf } from '../catalog/shelf-stock.ts';
import type { TrackRecord } from '../catalog/track-record.ts';
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

export type ServiceCodes = Map<string, { code: string; name: string }>;
type RecordOf = (service: string, country: string) => TrackRecord;

/**
 * The whole catalogue in one currency as the shop's shelf holds it (features/catalog/shelf-stock.ts), with
 * the track records read beside it: every filtered answer is cut from it, and the unfiltered ones are kept
 * ready to send. Positions are in the catalogue's order (in stock first, then by price), the order its
 * listProducts gives, so each cut equals what that filter read from the database.
 */
export interface CatalogView {
  shelf: Shelf;
  recordOf: RecordOf;
  services: ServiceCodes;
  full: { getPrices: PreparedJson; getCountries: PreparedJson; getServicesList: PreparedJson };
}
export type Filter = { service?: string; country?: string };
type Cut = Omit<CatalogView, 'full'>;

/** A product of the view as the protocol's answers read it. */
export const offerAt = (view: Cut, p: number) => {
  const { shelf } = view;
  const service_code = shelf.services[shelf.service[p]!]!.code;
  const country_code = shelf.countries[shelf.country[p]!]!.code;
  return {
    service_code,
    country_code,
    price: shelf.price[p]!,
    stock: shelf.stock[p]!,
    ...view.recordOf(service_code, country_code),
  };
};

const NONE = new Int32Array(0);

/** The positions of the offers a filter on service and country selects, as listProducts(filter) selects them. */
export function offers(view: Cut, filter: Filter): Int32Array {
  const { shelf } = view;
  const country = filter.country === undefined ? undefined : shelf.countryAt.get(filter.country);
  if (filter.service) {
    const service = shelf.serviceAt.get(filter.service);
    const ofService = service === undefined ? NONE : shelf.byService[service]!;
    if (!filter.country) return ofService;
    return ofService.filter((p) => shelf.country[p] === country);
  }
  if (filter.country) return country === undefined ? NONE : shelf.byCountry[country]!;
  return shelf.all;
}

export const unfiltered = (value: string | undefined) => value === undefined || value === '';

export function countriesOf(countries: Pick<CountrySummary, 'code' | 'name_en' | 'name_pt'>[]) {
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

export function servicesOf(view: Cut, params: ProtocolParams) {
  let offered: Set<string> | null = null;
  if (!unfiltered(params.country)) {
    const country = countryParam(params.country);
    const positions = country ? offers(view, { country }) : NONE;
    offered = new Set(Array.from(positions, (p) => view.shelf.services[view.shelf.service[p]!]!.code));
  }
  const list = [...view.services.entries()]
    .filter(([, s]) => offered === null || offered.has(s.code))
    .map(([code, s]) => ({ code, name: s.name }));
  return { status: 'success', services: list };
}

export function pricesOf(view: Cut, params: ProtocolParams) {
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
  // A service asked that the store does not sell is looked up only for its countries.
  const sells = Boolean(filter.service) || !params.service;
  const { shelf } = view;
  const ids = shelf.countries.map((c) => smsActivateCountryId(c.code));
  const byId = new Map<number, number[]>();
  for (const p of offers(view, sells ? filter : { country: filter.country })) {
    const id = ids[shelf.country[p]!];
    if (id === undefined) continue;
    const positions = byId.get(id);
    if (positions) positions.push(p);
    else byId.set(id, [p]);
  }
  // A country asked where nothing sells: every code at 0.
  const askedId = filter.country ? smsActivateCountryId(filter.country) : undefined;
  if (askedId !== undefined && !byId.has(askedId)) byId.set(askedId, []);
  const out: Record<string, Record<string, PriceEntry>> = {};
  const names = protocolCodes(shelf);
  for (const [id, positions] of byId) out[String(id)] = countryPrices(view, names, positions, codes, sells);
  return out;
}

/** Each of the shelf's services by its protocol code (undefined where it has none), by index. */
const protocolCodes = (shelf: Shelf) => shelf.services.map((s) => protocolServiceCode(s.code));

/**
 * One country's entry of getPrices: every code asked at `{cost: 0, count: 0}`, then each service sold
 * there (when `sells`) from its first offer in `positions` (the shelf's order), the one a purchase takes.
 */
function countryPrices(
  view: Cut,
  names: (string | undefined)[],
  positions: Iterable<number>,
  codes: readonly string[],
  sells: boolean,
) {
  const byService: Record<string, PriceEntry> = {};
  for (const code of codes) byService[code] = { cost: 0, count: 0 };
  if (!sells) return byService;
  const priced = new Set<string>();
  for (const p of positions) {
    const code = names[view.shelf.service[p]!];
    // A service of ours the protocol has no code for is not offered to bots.
    if (code === undefined || priced.has(code)) continue;
    priced.add(code);
    const offer = offerAt(view, p);
    byService[code] = { cost: offer.price / 100, count: offer.stock, ...trackRecordKeys(offer) };
  }
  return byService;
}

/** Countries whose entries are made between two turns of the event loop (a few ms of work). */
const COUNTRIES_PER_TURN = 8;

/**
 * The unfiltered getPrices as JSON text, the same bytes as JSON.stringify(pricesOf(view, {})), made a few
 * countries at a time so that the requests meanwhile do not wait for all 200,000 products.
 */
export async function fullPricesJson(view: Cut): Promise<string> {
  const { shelf } = view;
  const byId = new Map<number, number[]>();
  shelf.countries.forEach((c, i) => {
    const id = smsActivateCountryId(c.code);
    if (id === undefined || shelf.byCountry[i]!.length === 0) return;
    byId.set(id, [...(byId.get(id) ?? []), i]);
  });
  const names = protocolCodes(shelf);
  const parts: string[] = [];
  // Integer keys, as JSON.stringify orders them: ascending.
  for (const id of [...byId.keys()].sort((a, b) => a - b)) {
    const countries = byId.get(id)!;
    const positions =
      countries.length === 1
        ? shelf.byCountry[countries[0]!]!
        : Int32Array.from(countries.flatMap((i) => [...shelf.byCountry[i]!])).sort();
    const entry = countryPrices(view, names, positions, STANDARD_SERVICE_CODES, true);
    parts.push(`"${id}":${JSON.stringify(entry)}`);
    if (parts.length % COUNTRIES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return `{${parts.join(',')}}`;
}
