import type { ProductOffer } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export interface ProductsParams {
  service: string;
  currency: Currency;
  lang: Lang;
}

/** The countries a service is sold in, with the price in the currency and the stock. */
export function getProducts({ service, currency, lang }: ProductsParams) {
  return api<ProductOffer[]>('/api/v1/catalog/products', { query: { service, currency, lang } });
}

export function productsQueryOptions(params: ProductsParams) {
  return queryOptions({
    queryKey: [...queryRoots.catalog, 'products', params.service, params.currency, params.lang] as const,
    queryFn: () => getProducts(params),
    // Stock moves: a little staleness is fine, an hour is not.
    staleTime: 15_000,
  });
}

export function useProducts(params: ProductsParams, enabled = true) {
  return useQuery({ ...productsQueryOptions(params), enabled });
}
