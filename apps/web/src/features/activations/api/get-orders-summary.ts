import type { AdminOrdersSummary } from '@numero/contract/activations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminOrderKeys } from './admin-order-keys.ts';

/** GET /api/v1/admin/orders/summary: counts by status and by payment status. */
export function getOrdersSummary() {
  return api<AdminOrdersSummary>('/api/v1/admin/orders/summary');
}

export function useOrdersSummary() {
  return useQuery(
    queryOptions({ queryKey: adminOrderKeys.summary, queryFn: getOrdersSummary, staleTime: 0 }),
  );
}
