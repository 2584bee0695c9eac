import type { ProductOffer } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface PopularOffersParams {
  country: string;
  currency: Currency;
  lang: Lang;
}

/** How many quick picks the landing shows. */
export const POPULAR_PICKS = 4;

/** The most sought services with numbers in one country, for the landing's quick picks. */
export async function getPopularOffers({
  country,
  currency,
  lang,
}: PopularOffersParams): Promise<ProductOffer[]> {
  const page = await api<{ items: ProductOffer[] }>('/api/v1/catalog/products', {
    query: { country, currency, lang, sort: 'popular', in_stock: 'true', limit: POPULAR_PICKS },
  });
  return page.items;
}

export function popularOffersQueryOptions(params: PopularOffersParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'popular', params.country, params.currency, params.lang] as const,
    queryFn: () => getPopularOffers(params),
    staleTime: 60_000,
  });
}

export function usePopularOffers(params: PopularOffersParams) {
  return useQuery(popularOffersQueryOptions(params));
}
