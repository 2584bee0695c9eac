import type { WalletsPage } from '@numero/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/v1/wallets/: both wallets, each with its balance in cents. */
export function getWallets(): Promise<WalletsPage> {
  return api<WalletsPage>('/api/v1/wallets/');
}

export const walletsQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'list'], queryFn: getWallets, staleTime: 0 });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
