import type { ProductsQuery, ServicesQuery } from '@numero/contract/catalog';
import { fold, type Shelf, type ShelfService } from './shelf-stock.ts';
import type { TrackRecord } from './track-record.ts';

// What a page of the public catalogue selects, in its order, as pure functions of one shelf.

type RecordOf = (service: string, country: string) => TrackRecord;

const wordsOf = (q: string | undefined) => (q ? fold(q).split(/\s+/).filter(Boolean) : []);

/** A selection this long (the whole catalogue, filtered or sorted) is kept with the shelf for the next page. */
const KEEP_FROM = 5_000;
const KEPT_MOST = 16;

/** The positions of the products a query selects, in its order (before paging). */
export function selectOffers(shelf: Shelf, query: ProductsQuery, recordOf: RecordOf): Int32Array {
  const { service, country, min_price, max_price, min_success, in_stock, q, sort } = query;
  const key = JSON.stringify([service, country, min_price, max_price, min_success, in_stock, q, sort]);
  const kept = shelf.selections.get(key);
  if (kept && kept.records === recordOf) return kept.positions;
  const positions = select(shelf, query, recordOf);
  if (positions.length >= KEEP_FROM) {
    if (shelf.selections.size >= KEPT_MOST) shelf.selections.clear();
    shelf.selections.set(key, { records: recordOf, positions });
  }
  return positions;
}

function select(shelf: Shelf, query: ProductsQuery, recordOf: RecordOf): Int32Array {
  const { service, country, min_price, max_price, min_success, in_stock } = query;
  const s = service === undefined ? undefined : shelf.serviceAt.get(service);
  const c = country === undefined ? undefined : shelf.countryAt.get(country);
  const empty = new Int32Array(0);
  let list = service
    ? s === undefined
      ? empty
      : shelf.byService[s]!
    : country
      ? c === undefined
        ? empty
        : shelf.byCountry[c]!
      : shelf.all;
  const words = wordsOf(query.q);
  const codes = (p: number) =>
    [shelf.services[shelf.service[p]!]!.code, shelf.countries[shelf.country[p]!]!.code] as const;
  const record = (p: number) => recordOf(...codes(p));
  const named = (p: number) => {
    const text = `${shelf.services[shelf.service[p]!]!.folded} ${shelf.countries[shelf.country[p]!]!.folded}`;
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
      (p) =>
        (!service || !country || shelf.country[p] === c) &&
        (min_price === undefined || shelf.price[p]! >= min_price) &&
        (max_price === undefined || shelf.price[p]! <= max_price) &&
        (!in_stock || shelf.stock[p]! > 0) &&
        (min_success === undefined || (record(p).success_rate ?? -1) >= min_success) &&
        (words.length === 0 || named(p)),
    );
  // The shelf's order is already the cheapest first, in stock before; sorting is stable, so it breaks ties.
  if (query.sort === 'price') return list;
  // Each product's keys once, then a sort of positions by them.
  const inStock = new Float64Array(list.length);
  const second = new Float64Array(list.length);
  const third = new Float64Array(list.length);
  list.forEach((p, i) => {
    inStock[i] = Number(shelf.stock[p]! > 0);
    if (query.sort === 'success') second[i] = record(p).success_rate ?? -1;
    else {
      second[i] = shelf.services[shelf.service[p]!]!.popularity;
      third[i] = record(p).sample_size;
    }
  });
  return descending(list, [inStock, second, third]);
}

/**
 * `list` ordered by `keys` (each per element of the list), the greatest first, ties in the list's order.
 * Each key becomes its rank among its values, packed with the element's index into one number, so that
 * the sort is the engine's own numeric one: 200,000 products in tens of milliseconds, where a comparison
 * function takes several times as long.
 */
function descending(list: Int32Array, keys: Float64Array[]): Int32Array {
  const n = list.length;
  const ranked = keys.map((key) => {
    const values = Float64Array.from(new Set(key)).sort();
    return { size: values.length, rankOf: new Map(Array.from(values, (v, r) => [v, values.length - 1 - r])) };
  });
  if (ranked.reduce((span, r) => span * r.size, n) > Number.MAX_SAFE_INTEGER) {
    const order = Array.from(list.keys()).sort((a, b) => {
      for (const key of keys) if (key[a] !== key[b]) return key[b]! - key[a]!;
      return a - b;
    });
    return Int32Array.from(order, (i) => list[i]!);
  }
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let v = 0;
    ranked.forEach((r, k) => {
      v = v * r.size + r.rankOf.get(keys[k]![i]!)!;
    });
    packed[i] = v * n + i;
  }
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = list[packed[i]! % n]!;
  return order;
}

const collators = { pt: new Intl.Collator('pt-BR'), en: new Intl.Collator('en') };

/** The services a query selects (active, in an active category), in its order (before paging). */
export function selectServices(shelf: Shelf, query: ServicesQuery): ShelfService[] {
  const words = wordsOf(query.q);
  const list: ShelfService[] = [];
  for (const s of shelf.sought)
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
