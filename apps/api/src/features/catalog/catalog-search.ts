import uFuzzy from '@leeoniya/ufuzzy';
import type { CatalogSearchQuery, CatalogSearchResponse } from '@numero/contract/catalog';
import { countrySummary } from './catalog.service.ts';
import { type CatalogShelf, serviceSummaryOf } from './catalog-shelf.ts';
import { fold, type Shelf, type ShelfCountry, type ShelfService } from './shelf-stock.ts';

interface Index {
  services: ShelfService[];
  countries: ShelfCountry[];
  /** What each is matched by: names in both languages and the code, lower case, accents removed. */
  serviceText: string[];
  countryText: string[];
}

/**
 * Search over the services and countries on sale, in this process's memory: a market-sized catalogue
 * has about a thousand service names and two hundred and fifty countries, which a fuzzy matcher
 * (uFuzzy, one typo per word forgiven: a letter missing, extra, wrong or two swapped, but not the first)
 * reads in well under a millisecond, where a round trip to the database would cost more. Both lists are
 * paged by offset, the best match first. The names, starting prices and countries in stock are those of
 * the shelf of the currency asked, which follows the catalogue's changes; the texts matched are taken
 * from it once per version of the shelf.
 */
export function createCatalogSearch({ shelf }: { shelf: Pick<CatalogShelf, 'memory'> }) {
  const matcher = new uFuzzy({ intraMode: 1, interLft: 1 });
  const indexes = new WeakMap<Shelf, Index>();

  function indexOf(onShelf: Shelf): Index {
    const made = indexes.get(onShelf);
    if (made) return made;
    const services = onShelf.services.filter((s) => s.categoryActive);
    const index = {
      services,
      countries: onShelf.countries,
      serviceText: services.map((s) => s.folded),
      countryText: onShelf.countries.map((c) => c.folded),
    };
    indexes.set(onShelf, index);
    return index;
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
      const found = indexOf(await shelf.memory.get(currency));
      const services = match(found.serviceText, q).map((i) => found.services[i]!);
      const countries = match(found.countryText, q).map((i) => found.countries[i]!);
      const more = services.length > from + limit || countries.length > from + limit;
      return {
        services: services.slice(from, from + limit).map((s) => serviceSummaryOf(s, currency, lang)),
        countries: countries.slice(from, from + limit).map((c) => countrySummary(c, lang)),
        next_cursor: more ? String(from + limit) : null,
      };
    },
  };
}
export type CatalogSearch = ReturnType<typeof createCatalogSearch>;
