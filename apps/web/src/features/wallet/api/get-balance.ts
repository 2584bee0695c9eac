import type { Currency } from '@numero/contract/common';
import type { Balance } from '@numero/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Spec §7: on any failure the balance shows as zero. */
export async function getBalance(currency: Currency): Promise<Balance> {
  try {
    return await api<Balance>(`/api/v1/wallets/${currency}/balance`);
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

/** `enabled: false` while nobody is known yet (a page's shell). */
export function useBalance(currency: Currency, enabled = true) {
  return useQuery({ ...balanceQueryOptions(currency), enabled });
}
