import type { AdminUser, AdminUserUpdate } from '@numero/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** PATCH /api/v1/users/{id}: THAT user's account. `is_active: false` is also the screen's "delete". */
export function updateAdminUser({ id, body }: { id: string; body: AdminUserUpdate }) {
  return api<AdminUser>(`/api/v1/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}
