import type { ApiKeysPage } from '@numero/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key, so a change invalidates all of them at once. */
export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** GET /api/v1/api-keys: the caller's live keys (at most five, so one page holds them all). */
export function getApiKeys() {
  return api<ApiKeysPage>('/api/v1/api-keys');
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: [...API_KEYS_QUERY_KEY, 'list'], queryFn: getApiKeys, staleTime: 0 });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
