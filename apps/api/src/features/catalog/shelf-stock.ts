import { setImmediate as turn } from 'node:timers/promises';
import uFuzzy from '@leeoniya/ufuzzy';
import type { CatalogRepository } from './catalog.repository.ts';

// The shelf's layout: every product on sale as a position in a few typed arrays, its service and its
// country as indices into the short lists of names, and each service's and each country's products as
// lists of positions. 200,000 products take about 5 MB this way; as objects (the shop's and the protocol's
// copies, before) they took about 30 MB, and each renewal parsed them anew from a 10 MB JSON text.

export type ServiceRow = Awaited<ReturnType<CatalogRepository['listShelfServices']>>[number];
export type CountryRow = Awaited<ReturnType<CatalogRepository['listCountries']>>[number];
export interface ShelfService extends ServiceRow {
  folded: string;
  /** The cheapest product on sale in the shelf's currency; null when none is. */
  from: number | null;
  /** Countries with numbers in stock. */
  inStock: number;
}
export interface ShelfCountry extends CountryRow {
  folded: string;
}

/** The public catalogue in one currency, read at once; every page and protocol answer is cut from it. */
export interface Shelf {
  /** Products on sale; positions 0 … size − 1 are in stock first, each part in the order of `rank`. */
  size: number;
  /** Per position: the index of its service in `services` and of its country in `countries`. */
  service: Int32Array;
  country: Int32Array;
  /** Per position: price in cents in the shelf's currency, stock, product id. */
  price: Float64Array;
  stock: Int32Array;
  id: Int32Array;
  /** Per position: its place in the database's order (the cheapest first, then the country's name, then the id). */
  rank: Int32Array;
  /** The active services, in the database's order (most sought, then by name), and their index by code. */
  services: ShelfService[];
  serviceAt: Map<string, number>;
  /** The active countries (staff's order, then the Portuguese name), and their index by code. */
  countries: ShelfCountry[];
  countryAt: Map<string, number>;
  /** Positions of each service's and each country's products, by index, in the shelf's order. */
  byService: Int32Array[];
  byCountry: Int32Array[];
  /** Every position, in order. */
  all: Int32Array;
  /** The services most sought first, as the services list shows them. */
  sought: ShelfService[];
  /** Long selections already made from this shelf, for the records they were made with. */
  selections: Map<string, { records: unknown; positions: Int32Array }>;
}

/** Lower case without accents: "Índia" and "india" read alike. */
export const fold = (text: string) => uFuzzy.latinize(text.toLowerCase());

/** localeCompare's order (the default locale), with the collator made once rather than per comparison. */
const byName = new Intl.Collator();

/** Rows read between two turns of the event loop, so that requests meanwhile wait a few ms at most. */
const SLICE_ROWS = 5_000;

/** The positions of each group's members, in order: one array cut into a view per group. */
function groupPositions(keys: Int32Array, groups: number): Int32Array[] {
  const starts = new Int32Array(groups + 1);
  for (const k of keys) starts[k + 1]! += 1;
  for (let g = 0; g < groups; g++) starts[g + 1]! += starts[g]!;
  const next = starts.slice(0, groups);
  const positions = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) positions[next[keys[i]!]!++] = i;
  return Array.from({ length: groups }, (_, g) => positions.subarray(starts[g], starts[g + 1]));
}

/** The products' columns, position by position. */
interface Columns {
  service: Int32Array;
  country: Int32Array;
  price: Float64Array;
  stock: Int32Array;
  id: Int32Array;
}

/**
 * A shelf from what the database read: `lines` as listOfferLines gives them. A product whose service or
 * country is not in the lists (read a moment apart from it) waits for the next shelf.
 */
export async function stockShelf(lines: string, serviceRows: ServiceRow[], countryRows: CountryRow[]) {
  const services: ShelfService[] = serviceRows.map((s) => ({
    ...s,
    folded: fold(`${s.name} ${s.code}`),
    from: null,
    inStock: 0,
  }));
  const countries = countryRows.map((c) => ({ ...c, folded: fold(`${c.namePt} ${c.nameEn} ${c.code}`) }));
  const serviceAt = new Map(services.map((s, i) => [s.code, i]));
  const countryAt = new Map(countries.map((c, i) => [c.code, i]));
  let rows = lines ? 1 : 0;
  for (let i = lines.indexOf('\n'); i !== -1; i = lines.indexOf('\n', i + 1)) rows += 1;
  const read: Columns = {
    service: new Int32Array(rows),
    country: new Int32Array(rows),
    price: new Float64Array(rows),
    stock: new Int32Array(rows),
    id: new Int32Array(rows),
  };
  let at = 0;
  /** The integer from `at` up to the next comma, newline or the end; `at` moves past its separator. */
  const integer = () => {
    const negative = lines.charCodeAt(at) === 45;
    if (negative) at += 1;
    let n = 0;
    for (let c = lines.charCodeAt(at); c >= 48 && c <= 57; c = lines.charCodeAt(++at)) n = n * 10 + c - 48;
    at += 1;
    return negative ? -n : n;
  };
  let size = 0;
  for (let row = 0; row < rows; row++) {
    const first = lines.indexOf(',', at);
    const second = lines.indexOf(',', first + 1);
    const s = serviceAt.get(lines.slice(at, first));
    const c = countryAt.get(lines.slice(first + 1, second));
    at = second + 1;
    const [p, k, i] = [integer(), integer(), integer()];
    if (s !== undefined && c !== undefined) {
      read.service[size] = s;
      read.country[size] = c;
      read.price[size] = p;
      read.stock[size] = k;
      read.id[size] = i;
      size += 1;
    }
    if (row % SLICE_ROWS === SLICE_ROWS - 1) await turn();
  }
  const byRank = new Int32Array(size);
  for (let i = 0; i < size; i++) byRank[i] = i;
  return arrange(read, byRank, { services, serviceAt, countries, countryAt });
}

type Names = Pick<Shelf, 'services' | 'serviceAt' | 'countries' | 'countryAt'>;

/**
 * The shelf of these products, `byRank` listing their positions in `columns` in the database's order:
 * those in stock first, each part in that order, and what is counted per service.
 */
async function arrange(columns: Columns, byRank: Int32Array, names: Names): Promise<Shelf> {
  const size = byRank.length;
  const order = new Int32Array(size);
  let next = 0;
  for (let r = 0; r < size; r++) if (columns.stock[byRank[r]!]! > 0) order[next++] = byRank[r]!;
  for (let r = 0; r < size; r++) if (columns.stock[byRank[r]!]! <= 0) order[next++] = byRank[r]!;
  const rankOf = new Int32Array(columns.id.length);
  for (let r = 0; r < size; r++) rankOf[byRank[r]!] = r;
  const [service, country, price, stock, id, rank, all] = [
    new Int32Array(size),
    new Int32Array(size),
    new Float64Array(size),
    new Int32Array(size),
    new Int32Array(size),
    new Int32Array(size),
    new Int32Array(size),
  ];
  for (let i = 0; i < size; i++) {
    const p = order[i]!;
    service[i] = columns.service[p]!;
    country[i] = columns.country[p]!;
    price[i] = columns.price[p]!;
    stock[i] = columns.stock[p]!;
    id[i] = columns.id[p]!;
    rank[i] = rankOf[p]!;
    all[i] = i;
  }
  await turn();
  const shelf: Shelf = {
    size,
    service,
    country,
    price,
    stock,
    id,
    rank,
    services: names.services,
    serviceAt: names.serviceAt,
    countries: names.countries,
    countryAt: names.countryAt,
    byService: [],
    byCountry: [],
    all,
    sought: names.services.toSorted((a, b) => b.popularity - a.popularity || byName.compare(a.name, b.name)),
    selections: new Map(),
  };
  await turn();
  shelf.byService = groupPositions(shelf.service, names.services.length);
  await turn();
  shelf.byCountry = groupPositions(shelf.country, names.countries.length);
  await turn();
  names.services.forEach((s, i) => {
    for (const p of shelf.byService[i]!) {
      if (s.from === null || shelf.price[p]! < s.from) s.from = shelf.price[p]!;
      if (shelf.stock[p]! > 0) s.inStock += 1;
    }
  });
  return shelf;
}

/**
 * The shelf with these products' stock ([id, stock] each) in place of what it held: a new shelf (what was
 * made from the old one, the protocol's prepared answers, shows the old counts). While no product runs
 * out or comes back, it shares all but the stock; otherwise the products are arranged again from the
 * ranks the shelf keeps, in stock first, and the services' counts made anew: tens of milliseconds for
 * 200,000 products, not a read of the catalogue. Products not on the shelf (not on sale) are not in it.
 */
export async function withStock(shelf: Shelf, changes: [number, number][]): Promise<Shelf> {
  const changed = new Map(changes);
  const stock = shelf.stock.slice();
  let moved = false;
  for (let p = 0; p < shelf.size; p++) {
    const k = changed.get(shelf.id[p]!);
    if (k === undefined) continue;
    if (k > 0 !== stock[p]! > 0) moved = true;
    stock[p] = k;
  }
  // The order of the selections kept depends on stock only through "in stock", unchanged.
  if (!moved) return { ...shelf, stock };
  const byRank = new Int32Array(shelf.size);
  for (let p = 0; p < shelf.size; p++) byRank[shelf.rank[p]!] = p;
  const services = shelf.services.map((s) => ({ ...s, from: null, inStock: 0 }));
  const { serviceAt, countries, countryAt } = shelf;
  return arrange({ ...shelf, stock }, byRank, { services, serviceAt, countries, countryAt });
}

const sameArrays = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * Whether two shelves hold the same products, in the same order, with the same names: what was made from
 * one (the protocol's prepared answers) stands for the other. A comparison, not a hash: a few ms.
 */
export function sameShelf(a: Shelf, b: Shelf): boolean {
  return (
    a.size === b.size &&
    sameArrays(a.service, b.service) &&
    sameArrays(a.country, b.country) &&
    sameArrays(a.price, b.price) &&
    sameArrays(a.stock, b.stock) &&
    sameArrays(a.id, b.id) &&
    sameArrays(a.rank, b.rank) &&
    JSON.stringify(a.services) === JSON.stringify(b.services) &&
    JSON.stringify(a.countries) === JSON.stringify(b.countries)
  );
}
