import type { ActivationStatus, ActivationsPage } from '@numero/contract/activations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ORDERS_PAGE_SIZE = 20;

export interface OrdersParams {
  skip: number;
  limit: number;
  status?: ActivationStatus;
}

/** GET /api/v1/activations: the customer's orders, newest first, paged on the server. */
export function getOrders({ skip, limit, status }: OrdersParams) {
  return api<ActivationsPage>('/api/v1/activations', { query: { skip, limit, status } });
}

export function ordersQueryOptions(params: OrdersParams) {
  return queryOptions({
    // Under ['activations', 'list'] so a purchase, cancel or refund refreshes the history too.
    queryKey: ['activations', 'list', params] as const,
    queryFn: () => getOrders(params),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(params: OrdersParams) {
  return useQuery(ordersQueryOptions(params));
}
