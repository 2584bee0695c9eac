import type { CategorySummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface CategoriesParams {
  currency: Currency;
  lang: Lang;
}

/** The catalogue's categories with the cheapest price of each, in the asked currency and language. */
export function getCategories({ currency, lang }: CategoriesParams): Promise<CategorySummary[]> {
  return api<CategorySummary[]>('/api/v1/catalog/categories', { query: { currency, lang } });
}

export function categoriesQueryOptions(params: CategoriesParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'categories', params.currency, params.lang] as const,
    queryFn: () => getCategories(params),
  });
}

export function useCategories(params: CategoriesParams) {
  return useQuery(categoriesQueryOptions(params));
}
