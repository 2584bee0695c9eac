import type { AdminOrder } from '@numero/contract/activations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { type AdminOrdersParams, adminOrderKeys } from './admin-order-keys.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 20;
/** While an order on screen waits for its number or SMS, the list is read again this often. */
export const LIVE_REFRESH_MS = 5_000;

/** GET /api/v1/admin/orders: one page of every customer's activations; the total in X-Total-Count. */
export function getAdminOrders({ lang: _lang, ...query }: AdminOrdersParams) {
  return apiList<AdminOrder>('/api/v1/admin/orders', { query: { ...query } });
}

export function useAdminOrders(params: AdminOrdersParams) {
  return useQuery(
    queryOptions({
      queryKey: adminOrderKeys.list(params),
      queryFn: () => getAdminOrders(params),
      staleTime: 0,
      placeholderData: keepPreviousData,
      // A code arriving changes the actions offered: keep the page current while anything is in flight.
      refetchInterval: (query) =>
        query.state.data?.items.some((o) => o.status === 'pending' || o.status === 'waiting_sms')
          ? LIVE_REFRESH_MS
          : false,
    }),
  );
}
