import type { TemporaryPasswordIssued } from '@numero/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** POST /api/v1/admin/users/{id}/temporary-password: a new password, shown once; the user must change it. */
export function issueTemporaryPassword(id: string) {
  return api<TemporaryPasswordIssued>(`/api/v1/admin/users/${encodeURIComponent(id)}/temporary-password`, {
    method: 'POST',
  });
}

export function useIssueTemporaryPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueTemporaryPassword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}
