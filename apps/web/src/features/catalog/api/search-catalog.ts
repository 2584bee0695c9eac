import type { CatalogSearchResponse } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface CatalogSearchParams {
  q: string;
  currency: Currency;
  lang: Lang;
}

/** Services and countries whose names match, searched by the server: typos and accents forgiven. */
export function searchCatalog({ q, currency, lang }: CatalogSearchParams) {
  return api<CatalogSearchResponse>('/api/v1/catalog/search', { query: { q, currency, lang, limit: 50 } });
}

export function catalogSearchQueryOptions(params: CatalogSearchParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'search', params.q, params.currency, params.lang] as const,
    queryFn: () => searchCatalog(params),
    staleTime: 60_000,
  });
}

/** Off for an empty query. */
export function useCatalogSearch(params: CatalogSearchParams) {
  return useQuery({ ...catalogSearchQueryOptions(params), enabled: params.q.trim() !== '' });
}
