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
import {
  type Shelf,
  type ShelfOffer,
  type ShelfService,
  selectOffers,
  selectServices,
  stock,
} from './shelf-select.ts';
import type { TrackRecord, TrackRecords } from './track-record.ts';

/** How long a shelf is trusted without a message on `catalog_changed` (a sale's stock moves unannounced). */
export const SHELF_MS = 5_000;
/** A shelf older than this no longer answers while its successor is built: callers wait for it. */
export const SHELF_MAX_MS = 15_000;

type RecordOf = (service: string, country: string) => TrackRecord;

/** One page of a list selected in full, from the cursor on. */
function pageOf<T, U>(all: T[], cursor: string | undefined, limit: number, map: (item: T) => U) {
  const from = Number(cursor ?? 0);
  const page = all.slice(from, from + limit);
  const next = from + page.length;
  return { items: page.map(map), total: all.length, next_cursor: next < all.length ? String(next) : null };
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
    return stock(offers, services, countries);
  }
  const memory = createCatalogMemory({ build, ms: SHELF_MS, maxMs: SHELF_MAX_MS, now, onError });

  return {
    memory,

    /** One page of the products a query selects, with their prices in its currency and their records. */
    async products(query: ProductsQuery): Promise<ProductsResponse> {
      const [shelf, recordOf] = await Promise.all([memory.get(query.currency), trackRecords.current()]);
      return pageOf(selectOffers(shelf, query, recordOf), query.cursor, query.limit, (o) =>
        offerOf(shelf, o, query.currency, query.lang, recordOf),
      );
    },

    /** One page of the services a query selects, each with its starting price in the currency. */
    async services(query: ServicesQuery): Promise<ServicesResponse> {
      const shelf = await memory.get(query.currency);
      return pageOf(selectServices(shelf, query), query.cursor, query.limit, (s) =>
        summaryOf(s, query.currency, query.lang),
      );
    },

    /** The services of these codes still on the shelf, in the order given. */
    async servicesByCode(codes: string[], currency: Currency, lang: Lang): Promise<ServiceSummary[]> {
      const shelf = await memory.get(currency);
      return codes.flatMap((code) => {
        const s = shelf.services.get(code);
        return s?.categoryActive ? [summaryOf(s, currency, lang)] : [];
      });
    },
  };
}
export type CatalogShelf = ReturnType<typeof createCatalogShelf>;

function summaryOf(s: ShelfService, currency: Currency, lang: Lang): ServiceSummary {
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
