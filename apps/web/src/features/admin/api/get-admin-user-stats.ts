import type { AdminUserStats } from '@numero/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** GET /api/v1/admin/users/stats: the footer's total, active, inactive and administrators. */
export function getAdminUserStats() {
  return api<AdminUserStats>('/api/v1/admin/users/stats');
}

export function adminUserStatsQueryOptions() {
  return queryOptions({ queryKey: adminUserKeys.stats, queryFn: getAdminUserStats, staleTime: 0 });
}

export function useAdminUserStats() {
  return useQuery(adminUserStatsQueryOptions());
}
