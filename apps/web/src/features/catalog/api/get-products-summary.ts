import type { AdminProductsSummary } from '@numero/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminProductKeys } from './staff-product-keys.ts';

/** GET /api/v1/admin/products/summary: totals for the cards above the table. */
export function getProductsSummary() {
  return api<AdminProductsSummary>('/api/v1/admin/products/summary');
}

export function useProductsSummary() {
  return useQuery(
    queryOptions({ queryKey: adminProductKeys.summary, queryFn: getProductsSummary, staleTime: 0 }),
  );
}
