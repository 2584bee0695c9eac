import type { DashboardStats, OrderStats, ProductStats, RevenueStats } from '@numero/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export interface AdminStats {
  dashboard: DashboardStats;
  products: ProductStats;
  orders: OrderStats;
  revenue: RevenueStats;
}

/** The four statistics calls of spec §7, fetched together: the screen shows them as one. */
export async function getAdminStats(): Promise<AdminStats> {
  const [dashboard, products, orders, revenue] = await Promise.all([
    api<DashboardStats>('/api/v1/admin/dashboard/stats'),
    api<ProductStats>('/api/v1/admin/products/stats'),
    api<OrderStats>('/api/v1/admin/orders/stats'),
    api<RevenueStats>('/api/v1/admin/revenue/stats'),
  ]);
  return { dashboard, products, orders, revenue };
}

export function adminStatsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: adminKeys.stats,
    queryFn: getAdminStats,
    // Only staff may ask (spec §6); for anyone else nothing is sent.
    enabled,
    // A dashboard is looked at to see what is happening now.
    staleTime: 30_000,
  });
}

export function useAdminStats(enabled: boolean) {
  return useQuery(adminStatsQueryOptions(enabled));
}
