import type { UpdateApiKeyBody, UpdatedApiKey } from '@numero/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

/** PATCH /api/v1/api-keys/{id}: currency and webhook; a new webhook secret is in this answer only. */
export function updateApiKey({ id, body }: { id: string; body: UpdateApiKeyBody }) {
  return api<UpdatedApiKey>(`/api/v1/api-keys/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
