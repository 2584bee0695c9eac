import type { Currency } from '@numero/contract/common';
import type { CatalogRepository } from './catalog.repository.ts';

export function createCatalogService({ repository }: { repository: CatalogRepository }) {
  return {
    async listCategories(currency: Currency, lang: 'pt' | 'en') {
      const rows = await repository.listCategoriesWithFromPrices();
      return rows.map((r) => {
        const from = currency === 'BRL' ? r.fromBrl : r.fromUsd;
        return {
          slug: r.slug,
          name: lang === 'en' ? r.nameEn : r.namePt,
          from_price: from === null ? null : Number(from),
          currency,
        };
      });
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
