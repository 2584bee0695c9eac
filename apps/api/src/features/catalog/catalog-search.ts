import uFuzzy from '@leeoniya/ufuzzy';
import type { CatalogSearchQuery, CatalogSearchResponse } from '@numero/contract/catalog';
import type { CatalogRepository } from './catalog.repository.ts';
import { countrySummary } from './catalog.service.ts';
import { type CatalogShelf, serviceSummaryOf } from './catalog-shelf.ts';
import { type CountryRow, fold, type ServiceRow } from './shelf-stock.ts';

/** How long each process keeps what it searches (names change when staff or the import change them). */
export const SEARCH_INDEX_TTL_MS = 5_000;

interface Index {
  services: ServiceRow[];
  countries: CountryRow[];
  /** What each is matched by: names in both languages and the code, lower case, accents removed. */
  serviceText: string[];
  countryText: string[];
  at: number;
}

/**
 * Search over the services and countries on sale, in this process's memory: a market-sized catalogue
 * has about a thousand service names and two hundred and fifty countries, which a fuzzy matcher
 * (uFuzzy, one typo per word forgiven: a letter missing, extra, wrong or two swapped, but not the first)
 * reads in well under a millisecond, where a round trip to the database would cost more. Both lists are
 * paged by offset, the best match first. The names are read afresh every SEARCH_INDEX_TTL_MS (two short
 * queries); the starting prices and countries in stock come from the shelf of the currency asked.
 */
export function createCatalogSearch({
  repository,
  shelf,
  clock = Date.now,
}: {
  repository: Pick<CatalogRepository, 'listShelfServices' | 'listCountries'>;
  shelf: Pick<CatalogShelf, 'memory'>;
  clock?: () => number;
}) {
  const matcher = new uFuzzy({ intraMode: 1, interLft: 1 });
  let index: Index | null = null;
  let building: Promise<Index> | null = null;

  async function build(): Promise<Index> {
    const [all, countries] = await Promise.all([repository.listShelfServices(), repository.listCountries()]);
    const services = all.filter((s) => s.categoryActive);
    return {
      services,
      countries,
      serviceText: services.map((s) => fold(`${s.name} ${s.code}`)),
      countryText: countries.map((c) => fold(`${c.namePt} ${c.nameEn} ${c.code}`)),
      at: clock(),
    };
  }

  /** One read at a time, shared by the callers meanwhile. */
  function refresh(): Promise<Index> {
    building ??= build()
      .then((built) => (index = built))
      .finally(() => {
        building = null;
      });
    return building;
  }

  /**
   * The index, read afresh once it is SEARCH_INDEX_TTL_MS old. From half that age the next read starts
   * in the background, so that under steady traffic no search waits for the database.
   */
  async function current(): Promise<Index> {
    const age = index ? clock() - index.at : Number.POSITIVE_INFINITY;
    if (age >= SEARCH_INDEX_TTL_MS) return refresh();
    if (age >= SEARCH_INDEX_TTL_MS / 2) refresh().catch(() => undefined);
    return index!;
  }

  /** The positions of the matching entries, best first. */
  function match(text: string[], q: string): number[] {
    const [idxs, info, order] = matcher.search(text, fold(q));
    if (!idxs) return [];
    return order && info ? order.map((i) => info.idx[i]!) : idxs;
  }

  return {
    async search(query: CatalogSearchQuery): Promise<CatalogSearchResponse> {
      const { q, currency, lang, limit } = query;
      const from = Number(query.cursor ?? 0);
      const [found, onShelf] = await Promise.all([current(), shelf.memory.get(currency)]);
      const services = match(found.serviceText, q).map((i) => found.services[i]!);
      const countries = match(found.countryText, q).map((i) => found.countries[i]!);
      const more = services.length > from + limit || countries.length > from + limit;
      return {
        services: services
          .slice(from, from + limit)
          .map((r) =>
            serviceSummaryOf(r, onShelf.services[onShelf.serviceAt.get(r.code) ?? -1], currency, lang),
          ),
        countries: countries.slice(from, from + limit).map((c) => countrySummary(c, lang)),
        next_cursor: more ? String(from + limit) : null,
      };
    },
  };
}
export type CatalogSearch = ReturnType<typeof createCatalogSearch>;
