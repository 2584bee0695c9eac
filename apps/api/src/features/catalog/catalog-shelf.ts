import uFuzzy from '@leeoniya/ufuzzy';
import type { ProductOffer, ProductsQuery, ProductsResponse } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { createCatalogMemory } from '../../http/catalog-memory.ts';
import type { Lang } from '../../http/lang.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { ProductsRepository } from './products.repository.ts';
import type { TrackRecord, TrackRecords } from './track-record.ts';

/** How long a shelf is trusted without a message on `catalog_changed` (a sale's stock moves unannounced). */
export const SHELF_MS = 5_000;
/** A shelf older than this no longer answers while its successor is built: callers wait for it. */
export const SHELF_MAX_MS = 15_000;

/** A product on sale, lean: the shelf holds every one (200,000 at market size). */
interface ShelfOffer {
  id: number;
  service: string;
  country: string;
  price: number;
  stock: number;
}
type ServiceRow = Awaited<ReturnType<CatalogRepository['listShelfServices']>>[number];
type CountryRow = Awaited<ReturnType<CatalogRepository['listCountries']>>[number];

/** The public catalogue in one currency, read at once; every page of products is cut from it. */
export interface Shelf {
  /** In stock first, then the cheapest, then the country's name: the database's order. */
  offers: ShelfOffer[];
  byService: Map<string, ShelfOffer[]>;
  byCountry: Map<string, ShelfOffer[]>;
  services: Map<string, ServiceRow & { folded: string }>;
  countries: Map<string, CountryRow & { folded: string }>;
}

/** Lower case without accents: "Índia" and "india" read alike. */
const fold = (text: string) => uFuzzy.latinize(text.toLowerCase());

function groupBy(offers: ShelfOffer[], key: (o: ShelfOffer) => string) {
  const map = new Map<string, ShelfOffer[]>();
  for (const o of offers) {
    const list = map.get(key(o));
    if (list) list.push(o);
    else map.set(key(o), [o]);
  }
  return map;
}

type RecordOf = (service: string, country: string) => TrackRecord;

/** The products a query selects, in its order (before paging). */
export function selectOffers(shelf: Shelf, query: ProductsQuery, recordOf: RecordOf): ShelfOffer[] {
  const { service, country, q, min_price, max_price, min_success, in_stock } = query;
  let list = service
    ? (shelf.byService.get(service) ?? [])
    : country
      ? (shelf.byCountry.get(country) ?? [])
      : shelf.offers;
  const words = q ? fold(q).split(/\s+/).filter(Boolean) : [];
  const named = (o: ShelfOffer) => {
    const text = `${shelf.services.get(o.service)?.folded ?? ''} ${shelf.countries.get(o.country)?.folded ?? ''}`;
    return words.every((w) => text.includes(w));
  };
  const filtering =
    (service && country) ||
    words.length > 0 ||
    min_price !== undefined ||
    max_price !== undefined ||
    min_success !== undefined ||
    in_stock;
  if (filtering)
    list = list.filter(
      (o) =>
        (!service || !country || o.country === country) &&
        (min_price === undefined || o.price >= min_price) &&
        (max_price === undefined || o.price <= max_price) &&
        (!in_stock || o.stock > 0) &&
        (min_success === undefined || (recordOf(o.service, o.country).success_rate ?? -1) >= min_success) &&
        (words.length === 0 || named(o)),
    );
  // The shelf's order is already the cheapest first, in stock before; sorting is stable, so it breaks ties.
  if (query.sort === 'price') return list;
  const inStock = (o: ShelfOffer) => Number(o.stock > 0);
  if (query.sort === 'success') {
    const rate = (o: ShelfOffer) => recordOf(o.service, o.country).success_rate ?? -1;
    return list.toSorted((a, b) => inStock(b) - inStock(a) || rate(b) - rate(a));
  }
  const popularity = (o: ShelfOffer) => shelf.services.get(o.service)?.popularity ?? 0;
  const sold = (o: ShelfOffer) => recordOf(o.service, o.country).sample_size;
  return list.toSorted(
    (a, b) => inStock(b) - inStock(a) || popularity(b) - popularity(a) || sold(b) - sold(a),
  );
}

/**
 * The public catalogue kept in this process's memory per currency, so that a page of products, filtered
 * and sorted any way, costs a walk over at most one service's or one country's products rather than a
 * query over the whole table. Rebuilt when the database announces a change, or after SHELF_MS.
 */
export function createCatalogShelf({
  repository,
  products,
  trackRecords,
  now,
  onError,
}: {
  repository: Pick<CatalogRepository, 'listShelfServices' | 'listCountries'>;
  products: Pick<ProductsRepository, 'listOfferTuples'>;
  trackRecords: Pick<TrackRecords, 'current'>;
  now?: () => number;
  onError?: (err: unknown) => void;
}) {
  async function build(currency: string): Promise<Shelf> {
    const [tuples, services, countries] = await Promise.all([
      products.listOfferTuples(currency as Currency),
      repository.listShelfServices(),
      repository.listCountries(),
    ]);
    const offers = tuples.map(([service, country, price, stock, id]) => ({
      id,
      service,
      country,
      price,
      stock,
    }));
    return {
      offers,
      byService: groupBy(offers, (o) => o.service),
      byCountry: groupBy(offers, (o) => o.country),
      services: new Map(services.map((s) => [s.code, { ...s, folded: fold(`${s.name} ${s.code}`) }])),
      countries: new Map(
        countries.map((c) => [c.code, { ...c, folded: fold(`${c.namePt} ${c.nameEn} ${c.code}`) }]),
      ),
    };
  }
  const memory = createCatalogMemory({ build, ms: SHELF_MS, maxMs: SHELF_MAX_MS, now, onError });

  return {
    memory,

    /** One page of the products a query selects, with their prices in its currency and their records. */
    async products(query: ProductsQuery): Promise<ProductsResponse> {
      const [shelf, recordOf] = await Promise.all([memory.get(query.currency), trackRecords.current()]);
      const selected = selectOffers(shelf, query, recordOf);
      const from = Number(query.cursor ?? 0);
      const page = selected.slice(from, from + query.limit);
      const next = from + page.length;
      return {
        items: page.map((o) => offerOf(shelf, o, query.currency, query.lang, recordOf)),
        total: selected.length,
        next_cursor: next < selected.length ? String(next) : null,
      };
    },
  };
}
export type CatalogShelf = ReturnType<typeof createCatalogShelf>;

function offerOf(
  shelf: Shelf,
  o: ShelfOffer,
  currency: Currency,
  lang: Lang,
  recordOf: RecordOf,
): ProductOffer {
  const country = shelf.countries.get(o.country);
  return {
    id: o.id,
    sku: `${o.service}-${o.country}`.toUpperCase(),
    service_code: o.service,
    service_name: shelf.services.get(o.service)?.name ?? o.service,
    country_code: o.country,
    country_name: (lang === 'en' ? country?.nameEn : country?.namePt) ?? o.country,
    dial_code: country?.dialCode ?? '',
    price: o.price,
    currency,
    stock: o.stock,
    available: o.stock > 0,
    ...recordOf(o.service, o.country),
  };
}
