import type { ProductSort, ProductsResponse } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Lang } from '../../../i18n/index.ts';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** What GET /api/v1/catalog/products is asked, but the page. */
export interface ProductsParams {
  service?: string;
  country?: string;
  currency: Currency;
  lang: Lang;
  q?: string;
  sort?: ProductSort;
  /** Cents of the currency. */
  min_price?: number;
  max_price?: number;
  min_success?: number;
  in_stock?: boolean;
  limit?: number;
}

/** One page of the products on sale the filters select, with the price in the currency and the stock. */
export function getProducts({ in_stock, ...params }: ProductsParams, cursor?: string) {
  return api<ProductsResponse>('/api/v1/catalog/products', {
    query: { ...params, in_stock: in_stock ? 'true' : undefined, cursor },
  });
}

const key = (params: ProductsParams) => [...queryRoots.catalog, 'products', params] as const;

export function productsQueryOptions(params: ProductsParams) {
  return queryOptions({
    queryKey: key(params),
    queryFn: () => getProducts(params),
    // Stock moves: a little staleness is fine, an hour is not.
    staleTime: 15_000,
  });
}

/** The first page's products. */
export function useProducts(params: ProductsParams, enabled = true) {
  return useQuery({ ...productsQueryOptions(params), enabled, select: (page) => page.items });
}

export function productPagesQueryOptions(params: ProductsParams) {
  return infiniteQueryOptions({
    queryKey: [...key(params), 'pages'] as const,
    queryFn: ({ pageParam }) => getProducts(params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 15_000,
  });
}

/** Every page read so far; the next is fetched when the list is scrolled near its end. */
export function useProductPages(params: ProductsParams, enabled = true) {
  // A changed filter keeps the old list on screen until the new one arrives, rather than a skeleton.
  return useInfiniteQuery({
    ...productPagesQueryOptions(params),
    enabled,
    placeholderData: keepPreviousData,
  });
}
