import uFuzzy from '@leeoniya/ufuzzy';
import type { ProductsQuery, ServicesQuery } from '@numero/contract/catalog';
import type { CatalogRepository } from './catalog.repository.ts';
import type { TrackRecord } from './track-record.ts';

// What a page of the public catalogue selects, in its order, as pure functions of one shelf.

/** A product on sale, lean: the shelf holds every one (200,000 at market size). */
export interface ShelfOffer {
  id: number;
  service: string;
  country: string;
  price: number;
  stock: number;
}
type ServiceRow = Awaited<ReturnType<CatalogRepository['listShelfServices']>>[number];
type CountryRow = Awaited<ReturnType<CatalogRepository['listCountries']>>[number];
export interface ShelfService extends ServiceRow {
  folded: string;
  /** The cheapest product on sale in the shelf's currency; null when none is. */
  from: number | null;
  /** Countries with numbers in stock. */
  inStock: number;
}

/** The public catalogue in one currency, read at once; every page is cut from it. */
export interface Shelf {
  /** In stock first, then the cheapest, then the country's name: the database's order. */
  offers: ShelfOffer[];
  byService: Map<string, ShelfOffer[]>;
  byCountry: Map<string, ShelfOffer[]>;
  /** The active services, the most sought first. */
  services: Map<string, ShelfService>;
  countries: Map<string, CountryRow & { folded: string }>;
}

/** Lower case without accents: "Índia" and "india" read alike. */
export const fold = (text: string) => uFuzzy.latinize(text.toLowerCase());

function groupBy(offers: ShelfOffer[], key: (o: ShelfOffer) => string) {
  const map = new Map<string, ShelfOffer[]>();
  for (const o of offers) {
    const list = map.get(key(o));
    if (list) list.push(o);
    else map.set(key(o), [o]);
  }
  return map;
}

/** A shelf from what the database read. */
export function stock(offers: ShelfOffer[], services: ServiceRow[], countries: CountryRow[]): Shelf {
  const byService = groupBy(offers, (o) => o.service);
  const sought = services.toSorted((a, b) => b.popularity - a.popularity || a.name.localeCompare(b.name));
  return {
    offers,
    byService,
    byCountry: groupBy(offers, (o) => o.country),
    services: new Map(
      sought.map((s) => {
        const sold = byService.get(s.code) ?? [];
        let from: number | null = null;
        for (const o of sold) if (from === null || o.price < from) from = o.price;
        const inStock = sold.reduce((n, o) => n + Number(o.stock > 0), 0);
        return [s.code, { ...s, folded: fold(`${s.name} ${s.code}`), from, inStock }];
      }),
    ),
    countries: new Map(
      countries.map((c) => [c.code, { ...c, folded: fold(`${c.namePt} ${c.nameEn} ${c.code}`) }]),
    ),
  };
}

const wordsOf = (q: string | undefined) => (q ? fold(q).split(/\s+/).filter(Boolean) : []);

type RecordOf = (service: string, country: string) => TrackRecord;

/** The products a query selects, in its order (before paging). */
export function selectOffers(shelf: Shelf, query: ProductsQuery, recordOf: RecordOf): ShelfOffer[] {
  const { service, country, min_price, max_price, min_success, in_stock } = query;
  let list = service
    ? (shelf.byService.get(service) ?? [])
    : country
      ? (shelf.byCountry.get(country) ?? [])
      : shelf.offers;
  const words = wordsOf(query.q);
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

const collators = { pt: new Intl.Collator('pt-BR'), en: new Intl.Collator('en') };

/** The services a query selects (active, in an active category), in its order (before paging). */
export function selectServices(shelf: Shelf, query: ServicesQuery): ShelfService[] {
  const words = wordsOf(query.q);
  const list: ShelfService[] = [];
  for (const s of shelf.services.values())
    if (
      s.categoryActive &&
      (!query.service || s.code === query.service) &&
      (!query.category || s.categorySlug === query.category) &&
      words.every((w) => s.folded.includes(w))
    )
      list.push(s);
  // The shelf's order is the most sought first.
  if (query.sort === 'name') return list.sort((a, b) => collators[query.lang].compare(a.name, b.name));
  if (query.sort === 'price')
    return list.sort((a, b) => (a.from ?? Number.POSITIVE_INFINITY) - (b.from ?? Number.POSITIVE_INFINITY));
  return list;
}
