import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

/** POST /api/v1/admin/users/{id}/sessions/revoke: signs the user out everywhere. */
export function revokeSessions(id: string) {
  return api<{ revoked: number }>(`/api/v1/admin/users/${encodeURIComponent(id)}/sessions/revoke`, {
    method: 'POST',
  });
}

export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}
