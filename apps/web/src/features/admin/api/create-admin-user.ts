import type { AdminUserCreate, AdminUserCreated } from '@numero/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** POST /api/v1/users/register: without a password the answer carries a temporary one, once. */
export function createAdminUser(body: AdminUserCreate) {
  return api<AdminUserCreated>('/api/v1/users/register', { method: 'POST', body });
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}
