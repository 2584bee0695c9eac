import type { CreateApiKeyBody, CreatedApiKey } from '@numero/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY } from './get-api-keys.ts';

/** POST /api/v1/api-keys: the answer holds the full key, shown this once and never again. */
export function createApiKey(body: CreateApiKeyBody) {
  return api<CreatedApiKey>('/api/v1/api-keys', { method: 'POST', body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
