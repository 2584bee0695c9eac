import type { Currency } from '@numero/contract/common';
import { createCatalogMemory, prepareJson, prepareText } from '../../http/catalog-memory.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import { protocolServiceCode, smsActivateCountryId } from '../../providers/numbers/sms-activate.ts';
import type { KeyHolder } from '../account/api-keys.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Shelf } from '../catalog/shelf-stock.ts';
import {
  type CatalogView,
  countriesOf,
  offers as cut,
  fullPricesJson,
  offerAt,
  type PriceEntry,
  pricesOf,
  type ServiceCodes,
  servicesOf,
  trackRecordKeys,
  unfiltered,
} from './catalog-view.ts';
import {
  ANY_OPERATOR,
  countryParam,
  decimal,
  type ProtocolParams,
  type ProtocolReply,
  token,
} from './protocol-format.ts';
import { operatorsAsked } from './purchase-filters.ts';
import { STANDARD_SERVICE_CODES } from './standard-services.ts';

/**
 * How long a view is trusted without a message on `catalog_changed`: a sale's stock (announced only when
 * a product runs out or comes back) and the track records move meanwhile. After it the old view still
 * answers while one rebuild runs, for at most CATALOG_MEMORY_MAX_MS.
 */
export const CATALOG_MEMORY_MS = 5_000;
export const CATALOG_MEMORY_MAX_MS = 15_000;

/** The catalogue in the protocol's words: stock, countries, services and prices for the key's currency. */
export function createCatalogAnswers({
  catalog,
  operators,
  now,
  onError,
}: {
  catalog: Pick<CatalogService, 'shelfOf'> & Partial<Pick<CatalogService, 'recordsExpired'>>;
  /** The sellers' operators; without it every country has "any" only. */
  operators?: Pick<OperatorDirectory, 'list'>;
  /** The memory's clock (real time by default). */
  now?: () => number;
  onError?: (err: unknown) => void;
}) {
  /** sms-activate service code → ours per shelf, made once per version of it. */
  const codesOf = new WeakMap<Shelf, ServiceCodes>();
  function codesOn(shelf: Shelf): ServiceCodes {
    const made = codesOf.get(shelf);
    if (made) return made;
    const services: ServiceCodes = new Map();
    // The services on sale now (in an active category) as sms-activate codes → ours, most sought first.
    for (const s of shelf.services) {
      const theirs = s.categoryActive ? protocolServiceCode(s.code) : undefined;
      if (theirs === undefined) continue;
      // Two of ours may show under one code (an alias and the code itself): the literal one wins.
      if (!services.has(theirs) || theirs === s.code) services.set(theirs, { code: s.code, name: s.name });
    }
    codesOf.set(shelf, services);
    return services;
  }

  /**
   * sms-activate service code → ours, for the services on sale now: read from the shelf in memory, so
   * that a purchase asks the database nothing to learn which service it names.
   */
  async function serviceCodes(currency: Currency = 'BRL'): Promise<ServiceCodes> {
    return codesOn((await catalog.shelfOf(currency)).shelf);
  }

  /** The last answers prepared per currency. */
  const made = new Map<string, CatalogView>();

  /** The protocol's answers over the shop's shelf: the same copy of the catalogue, no other. */
  async function buildView(currency: string): Promise<CatalogView> {
    const { shelf, recordOf } = await catalog.shelfOf(currency as Currency);
    const services = codesOn(shelf);
    const view = { shelf, recordOf, services };
    // A quiet catalogue (nothing sold, nothing changed) keeps its prepared answers: made once, not per 5 s.
    const last = made.get(currency);
    const same = last && last.recordOf === recordOf && last.shelf === shelf;
    const built = { ...view, full: same ? last.full : await prepare(view) };
    made.set(currency, built);
    return built;
  }

  /** The unfiltered answers, serialised and compressed once per version. */
  async function prepare(view: Omit<CatalogView, 'full'>): Promise<CatalogView['full']> {
    const countries = view.shelf.countries.map((c) => ({
      code: c.code,
      name_en: c.nameEn,
      name_pt: c.namePt,
    }));
    const [getPrices, getCountries, getServicesList] = await Promise.all([
      fullPricesJson(view).then(prepareText),
      prepareJson(countriesOf(countries)),
      prepareJson(servicesOf(view, {})),
    ]);
    return { getPrices, getCountries, getServicesList };
  }

  const memory = createCatalogMemory({
    build: buildView,
    ms: CATALOG_MEMORY_MS,
    maxMs: CATALOG_MEMORY_MAX_MS,
    now,
    // The track records expire on their own clock, heard on no channel.
    stale: () => catalog.recordsExpired?.() ?? false,
    onError,
  });
  const viewFor = (holder: KeyHolder) => memory.get(holder.currency);

  /** The operators sold in a country, none when the sellers do not tell them apart. */
  const operatorsIn = (country: string) => operators?.list(country) ?? Promise.resolve([]);

  /**
   * "<code>_0" → stock in one country, for every standard code (0 where none is sold). Operators named
   * that no seller sells there have no numbers: every count is 0. The store's stock is counted per
   * product, not per operator: an operator sold there shows the product's count.
   */
  async function getNumbersStatus(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const country = countryParam(params.country);
    if (!country) return { json: {} };
    const counts: Record<string, number> = {};
    for (const code of STANDARD_SERVICE_CODES) counts[`${code}_0`] = 0;
    const asked = operatorsAsked(params.operator);
    const sold = asked ? await operatorsIn(country) : [];
    const anyOperator = !asked || asked.some((o) => sold.includes(o));
    const view = await viewFor(holder);
    for (const p of cut(view, { country })) {
      const code = protocolServiceCode(view.shelf.services[view.shelf.service[p]!]!.code);
      if (code !== undefined) counts[`${code}_0`] = anyOperator ? view.shelf.stock[p]! : 0;
    }
    return { json: counts };
  }

  async function getCountries(holder: KeyHolder): Promise<ProtocolReply> {
    return { prepared: (await viewFor(holder)).full.getCountries };
  }

  async function getServicesList(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const view = await viewFor(holder);
    if (unfiltered(params.country)) return { prepared: view.full.getServicesList };
    return { json: servicesOf(view, params) };
  }

  /**
   * Country id → service code → {cost, count}: every country asked (all the store sells in by default),
   * each with every standard code, or the one asked; `{cost: 0, count: 0}` where none is sold. The cost
   * is a JSON number, as HeroSMS and sms-activate send it: typed clients read it into a number.
   */
  async function getPrices(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const view = await viewFor(holder);
    if (!params.service && unfiltered(params.country)) return { prepared: view.full.getPrices };
    return { json: pricesOf(view, params) };
  }

  /**
   * Where a service sells, best offer first: an object keyed "0", "1", … as sms-activate sends it, with
   * the country's id, its stock and its price (the store has one price, so retail_price is the same),
   * and the store's record there as in getPrices.
   */
  async function getTopCountriesByService(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const view = await viewFor(holder);
    const service = params.service ? view.services.get(params.service.toLowerCase()) : undefined;
    if (!service) return token('BAD_SERVICE');
    const offers = Array.from(cut(view, { service: service.code }), (p) => offerAt(view, p))
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
   * The operators one can ask for, per sms-activate country id: "any", then the sellers' operators there
   * (sorted), for each country the store sells in; a country it does not sell in (or an id that names
   * none) is OPERATORS_NOT_FOUND.
   */
  async function getOperators(holder: KeyHolder, params: ProtocolParams): Promise<ProtocolReply> {
    const asked = params.country !== undefined && params.country !== '';
    const country = asked ? countryParam(params.country) : undefined;
    if (asked && !country) return token('OPERATORS_NOT_FOUND');
    const ids = new Map<string, string>();
    const { shelf } = await viewFor(holder);
    // The countries with a product on sale (the one asked, or all), in the shelf's order.
    shelf.countries.forEach((c, i) => {
      const id = smsActivateCountryId(c.code);
      if ((!country || c.code === country) && shelf.byCountry[i]!.length > 0 && id !== undefined)
        ids.set(String(id), c.code);
    });
    if (ids.size === 0) return token('OPERATORS_NOT_FOUND');
    const countryOperators: Record<string, string[]> = {};
    const lists = await Promise.all([...ids.values()].map(operatorsIn));
    [...ids.keys()].forEach((id, i) => {
      countryOperators[id] = [ANY_OPERATOR, ...lists[i]!];
    });
    return { json: { status: 'success', countryOperators } };
  }

  return {
    serviceCodes,
    /** The answers' memory: app wiring makes it follow the catalogue's messages. */
    memory,
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
