import type { Balance } from '@numero/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /api/v1/wallets/: both wallets, each with its balance in cents. */
export function getWallets() {
  return apiList<Balance>('/api/v1/wallets/');
}

export const walletsQueryOptions = () =>
  queryOptions({ queryKey: [...queryRoots.wallet, 'list'], queryFn: getWallets, staleTime: 0 });

export function useWallets(enabled = true) {
  return useQuery({ ...walletsQueryOptions(), enabled });
}
