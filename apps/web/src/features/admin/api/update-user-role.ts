import type { AdminUser } from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** PATCH /api/v1/admin/users/{id}/role with the role itself as the JSON body (spec §7). */
export function updateUserRole({ id, role }: { id: string; role: Role }) {
  return api<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/role`, {
    method: 'PATCH',
    body: role,
  });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}
