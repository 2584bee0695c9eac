import type {
  ProductOffer,
  ProductsQuery,
  ProductsResponse,
  ServiceSummary,
  ServicesQuery,
  ServicesResponse,
} from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { createCatalogMemory } from '../../http/catalog-memory.ts';
import type { Lang } from '../../http/lang.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { ProductsRepository } from './products.repository.ts';
import { selectOffers, selectServices } from './shelf-select.ts';
import { type Shelf, type ShelfService, sameShelf, stockShelf, withStock } from './shelf-stock.ts';
import type { TrackRecord, TrackRecords } from './track-record.ts';

/** How long a shelf is trusted without a message on `catalog_changed` (a sale's stock moves unannounced). */
export const SHELF_MS = 5_000;
/** A shelf older than this no longer answers while its successor is built: callers wait for it. */
export const SHELF_MAX_MS = 15_000;

type RecordOf = (service: string, country: string) => TrackRecord;

/** One page of a list selected in full, from the cursor on. */
function pageOf<U>(total: number, cursor: string | undefined, limit: number, map: (i: number) => U) {
  const from = Number(cursor ?? 0);
  const to = Math.min(total, from + limit);
  const items = Array.from({ length: Math.max(0, to - from) }, (_, i) => map(from + i));
  return { items, total, next_cursor: to < total ? String(to) : null };
}

/**
 * The public catalogue kept in this process's memory per currency, so that a page of products, filtered
 * and sorted any way, costs a walk over at most one service's or one country's products rather than a
 * query over the whole table. Renewed when the database announces a change, or after SHELF_MS; a renewal
 * reads the whole catalogue only when the database counted a write to it since the last (migration 0034),
 * and patches in the stock of the products sold when that is all that changed (migration 0035).
 */
export function createCatalogShelf({
  repository,
  products,
  trackRecords,
  now,
  onError,
}: {
  repository: Pick<CatalogRepository, 'listShelfServices' | 'listCountries' | 'catalogChanges'>;
  products: Pick<ProductsRepository, 'listOfferLines'>;
  trackRecords: Pick<TrackRecords, 'current'>;
  now?: () => number;
  onError?: (err: unknown) => void;
}) {
  /** The last shelf built per currency, and the catalogue's count of writes and snapshot read before it. */
  const built = new Map<string, { shelf: Shelf; writes: number; snapshot: string }>();
  let reads = 0;
  async function build(currency: string): Promise<Shelf> {
    const last = built.get(currency);
    // Counted first: a write committed while the catalogue is read moves the count past this one.
    const { writes, snapshot, stock } = await repository.catalogChanges(last?.snapshot ?? null);
    if (last?.writes === writes && stock) {
      // Nothing but stock written since the last shelf (a sale): the new counts patched in, no need to
      // read 200,000 rows again. A quiet catalogue keeps its shelf as it is.
      const shelf = stock.length === 0 ? last.shelf : await withStock(last.shelf, stock);
      built.set(currency, { shelf, writes, snapshot });
      return shelf;
    }
    reads += 1;
    const [lines, services, countries] = await Promise.all([
      products.listOfferLines(currency as Currency),
      repository.listShelfServices(),
      repository.listCountries(),
    ]);
    const next = await stockShelf(lines, services, countries);
    // Writes that left the shelf as it was (a price set to itself): the one already built stays, with
    // what was made from it.
    const shelf = last && sameShelf(last.shelf, next) ? last.shelf : next;
    built.set(currency, { shelf, writes, snapshot });
    return shelf;
  }
  const memory = createCatalogMemory({ build, ms: SHELF_MS, maxMs: SHELF_MAX_MS, now, onError });

  return {
    memory,

    /** How many times this process read the whole catalogue to build a shelf (the others found it unchanged or patched it). */
    reads: () => reads,

    /** One page of the products a query selects, with their prices in its currency and their records. */
    async products(query: ProductsQuery): Promise<ProductsResponse> {
      const [shelf, recordOf] = await Promise.all([memory.get(query.currency), trackRecords.current()]);
      const positions = selectOffers(shelf, query, recordOf);
      return pageOf(positions.length, query.cursor, query.limit, (i) =>
        offerOf(shelf, positions[i]!, query.currency, query.lang, recordOf),
      );
    },

    /** One page of the services a query selects, each with its starting price in the currency. */
    async services(query: ServicesQuery): Promise<ServicesResponse> {
      const shelf = await memory.get(query.currency);
      const list = selectServices(shelf, query);
      return pageOf(list.length, query.cursor, query.limit, (i) =>
        serviceSummaryOf(list[i]!, query.currency, query.lang),
      );
    },

    /** The services of these codes still on the shelf, in the order given. */
    async servicesByCode(codes: string[], currency: Currency, lang: Lang): Promise<ServiceSummary[]> {
      const shelf = await memory.get(currency);
      return codes.flatMap((code) => {
        const s = shelf.services[shelf.serviceAt.get(code) ?? -1];
        return s?.categoryActive ? [serviceSummaryOf(s, currency, lang)] : [];
      });
    },
  };
}
export type CatalogShelf = ReturnType<typeof createCatalogShelf>;

/** A service as the public lists show it, with its starting price and countries in stock on this shelf. */
export function serviceSummaryOf(s: ShelfService, currency: Currency, lang: Lang): ServiceSummary {
  return {
    code: s.code,
    name: s.name,
    popularity: s.popularity,
    category: s.categorySlug,
    category_name: lang === 'en' ? s.categoryNameEn : s.categoryNamePt,
    from_price: s.from,
    currency,
    countries_available: s.inStock,
  };
}

/** The product at a position of the shelf, as the products list shows it. */
function offerOf(shelf: Shelf, p: number, currency: Currency, lang: Lang, recordOf: RecordOf): ProductOffer {
  const service = shelf.services[shelf.service[p]!]!;
  const country = shelf.countries[shelf.country[p]!]!;
  const stock = shelf.stock[p]!;
  return {
    id: shelf.id[p]!,
    sku: `${service.code}-${country.code}`.toUpperCase(),
    service_code: service.code,
    service_name: service.name,
    country_code: country.code,
    country_name: lang === 'en' ? country.nameEn : country.namePt,
    dial_code: country.dialCode,
    price: shelf.price[p]!,
    currency,
    stock,
    available: stock > 0,
    ...recordOf(service.code, country.code),
  };
}
