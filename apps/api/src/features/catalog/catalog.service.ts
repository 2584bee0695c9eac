import type { CountrySummary, ProductOffer, ServiceSummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import type { Lang } from '../../http/lang.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { createCatalogShelf } from './catalog-shelf.ts';
import { type ProductsRepository, toProductBase } from './products.repository.ts';
import type { TrackRecords } from './track-record.ts';

/** Where the stock counts come from: the configured upstream sellers, asked per service and country. */
export type StockSource = (service: string, country: string) => Promise<number | null>;

const STOCK_SYNC_JOB = 'jobs.catalog.stock_sync';

const toCents = (v: string | number | null) => (v === null ? null : Number(v));

/**
 * The landing's starting prices are read on every visit and change only when staff edit prices: each
 * process keeps them for a few seconds instead of aggregating every product each time. Purchases never
 * read this copy; they price from the database.
 */
export const CATEGORIES_TTL_MS = 5_000;

/** A service as the public lists show it, its starting price in the currency. */
export function serviceSummary(
  r: Awaited<ReturnType<CatalogRepository['listServices']>>[number],
  currency: Currency,
  lang: Lang,
): ServiceSummary {
  return {
    code: r.code,
    name: r.name,
    popularity: r.popularity,
    category: r.categorySlug,
    category_name: lang === 'en' ? r.categoryNameEn : r.categoryNamePt,
    from_price: toCents(currency === 'BRL' ? r.fromBrl : r.fromUsd),
    currency,
    countries_available: Number(r.inStock),
  };
}

export function countrySummary(
  r: Awaited<ReturnType<CatalogRepository['listCountries']>>[number],
  lang: Lang,
): CountrySummary {
  return {
    code: r.code,
    name: lang === 'en' ? r.nameEn : r.namePt,
    name_pt: r.namePt,
    name_en: r.nameEn,
    dial_code: r.dialCode,
  };
}

export function createCatalogService({
  repository,
  products,
  trackRecords,
  clock = Date.now,
  onShelfError,
}: {
  repository: CatalogRepository;
  products: ProductsRepository;
  /** Each service × country's success rate and time to code, from the store's own activations. */
  trackRecords: TrackRecords;
  clock?: () => number;
  /** A rebuild of the shelf in the background failed (the next caller builds it again). */
  onShelfError?: (err: unknown) => void;
}) {
  const shelf = createCatalogShelf({ repository, products, trackRecords, onError: onShelfError });
  let categories: {
    rows: Awaited<ReturnType<CatalogRepository['listCategoriesWithFromPrices']>>;
    at: number;
  } | null = null;
  return {
    /** The products' success rates and times to code are due to be computed afresh. */
    recordsExpired: trackRecords.expired,

    async listCategories(currency: Currency, lang: Lang) {
      if (!categories || clock() - categories.at >= CATEGORIES_TTL_MS) {
        categories = { rows: await repository.listCategoriesWithFromPrices(), at: clock() };
      }
      const { rows } = categories;
      return rows.map((r) => {
        const from = currency === 'BRL' ? r.fromBrl : r.fromUsd;
        return {
          slug: r.slug,
          name: lang === 'en' ? r.nameEn : r.namePt,
          from_price: toCents(from),
          currency,
        };
      });
    },

    async listServices(currency: Currency, lang: Lang, category?: string): Promise<ServiceSummary[]> {
      const rows = await repository.listServices(category);
      return rows.map((r) => serviceSummary(r, currency, lang));
    },

    async listCountries(lang: Lang): Promise<CountrySummary[]> {
      const rows = await repository.listCountries();
      // Staff's order first (all 0 until someone orders them), then by name in the caller's language.
      const name = (r: (typeof rows)[number]) => (lang === 'en' ? r.nameEn : r.namePt);
      rows.sort(
        (a, b) => a.sortOrder - b.sortOrder || name(a).localeCompare(name(b), lang === 'en' ? 'en' : 'pt-BR'),
      );
      return rows.map((r) => countrySummary(r, lang));
    },

    async listProducts(
      filter: { service?: string; country?: string },
      currency: Currency,
      lang: Lang,
    ): Promise<ProductOffer[]> {
      const [rows, recordOf] = await Promise.all([products.listProducts(filter), trackRecords.current()]);
      return rows.map((r) => ({
        ...toProductBase(r, lang),
        dial_code: r.dialCode,
        // The same columns a purchase charges from (findProduct), in the same currency.
        price: currency === 'BRL' ? r.priceBrl : r.priceUsd,
        currency,
        stock: r.stock,
        available: r.stock > 0,
        ...recordOf(r.serviceCode, r.countryCode),
      }));
    },

    /**
     * The public shelf: the whole catalogue per currency in this process's memory, which the shop's lists
     * and the reseller protocol's catalogue answers both read.
     */
    shelf,

    /** The shelf of a currency, and the track records to show beside its products. */
    async shelfOf(currency: Currency) {
      const [found, recordOf] = await Promise.all([shelf.memory.get(currency), trackRecords.current()]);
      return { shelf: found, recordOf };
    },

    /** The product with its price in each currency, or null when no such product exists. */
    findProduct: products.findProduct,
    decrementStock: products.decrementStock,

    /**
     * Brings the stock of every product on sale in line with upstream. Runs at most once per `everyMs`
     * across all processes. A product whose count nobody could give keeps its old one.
     */
    async syncStock(
      source: StockSource,
      at: Date,
      everyMs: number,
    ): Promise<{ ran: boolean; changed: number }> {
      if (!(await repository.claimJobRun(STOCK_SYNC_JOB, at, everyMs))) return { ran: false, changed: 0 };
      const keys = await products.listActiveProductKeys();
      const updates: { id: number; stock: number }[] = [];
      await forEachLimited(keys, 4, async (k) => {
        const stock = await source(k.serviceCode, k.countryCode);
        if (stock !== null) updates.push({ id: k.id, stock: Math.max(0, Math.min(stock, 2_000_000_000)) });
      });
      return { ran: true, changed: await products.updateStock(updates, at) };
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
