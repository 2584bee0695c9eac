import type { AdminUser, UserStatus } from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** Spec §9: the users screen pages by 20. */
export const USERS_PAGE_SIZE = 20;

export interface AdminUsersParams {
  search?: string;
  role?: Role;
  status?: UserStatus;
  skip: number;
  limit: number;
}

/** GET /api/v1/admin/users: a JSON array, with the total in the X-Total-Count header. */
export function getAdminUsers(params: AdminUsersParams) {
  return apiList<AdminUser>('/api/v1/admin/users', { query: { ...params } });
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: () => getAdminUsers(params),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery(adminUsersQueryOptions(params));
}
