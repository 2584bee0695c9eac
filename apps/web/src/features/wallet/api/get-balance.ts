import type { Currency } from '@numero/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /api/v1/wallets/{currency}/balance: integer cents plus the server's formatted text. */
export interface BalanceView {
  balance: number;
  currency: Currency;
  formatted: string;
}

/** Spec §7: on any failure the balance shows as zero. */
export async function getBalance(currency: Currency): Promise<BalanceView> {
  try {
    return await api<BalanceView>(`/api/v1/wallets/${currency}/balance`);
  } catch {
    return { balance: 0, currency, formatted: '' };
  }
}

export const balanceQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: [...queryRoots.wallet, 'balance', currency],
    queryFn: () => getBalance(currency),
    // Money must not look older than it is: asked again at sign-in, on every language (currency) change
    // and whenever a screen showing it mounts.
    staleTime: 0,
  });

export function useBalance(currency: Currency) {
  return useQuery(balanceQueryOptions(currency));
}
