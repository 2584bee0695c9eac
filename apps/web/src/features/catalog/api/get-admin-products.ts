import type { AdminProduct } from '@numero/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { type AdminProductsParams, adminProductKeys } from './staff-product-keys.ts';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

/** GET /api/v1/admin/products: one page of products; the total comes in X-Total-Count. */
export function getAdminProducts({ lang: _lang, ...query }: AdminProductsParams) {
  return apiList<AdminProduct>('/api/v1/admin/products', { query: { ...query } });
}

export function adminProductsQueryOptions(params: AdminProductsParams) {
  return queryOptions({
    queryKey: adminProductKeys.list(params),
    queryFn: () => getAdminProducts(params),
    // Stock moves with every sale and sync: staff see it as it is now.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(params: AdminProductsParams) {
  return useQuery(adminProductsQueryOptions(params));
}
