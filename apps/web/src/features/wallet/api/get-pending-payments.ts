import type { PaymentIntent } from '@numero/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiList } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** A payer rarely has more than one or two open; the newest few are the ones worth showing. */
const SHOWN = 5;
/** Asked again this often, so a code paid from another device or one that expired leaves the list. */
const RECHECK_MS = 30_000;

/** GET /api/v1/wallets/payments/pending: the caller's PIX and boleto top-ups still open, newest first. */
export function getPendingPayments() {
  return apiList<PaymentIntent>('/api/v1/wallets/payments/pending', { query: { limit: SHOWN } });
}

export const pendingPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryRoots.wallet, 'pending-payments'],
    queryFn: getPendingPayments,
    staleTime: 0,
    refetchInterval: RECHECK_MS,
  });

export function usePendingPayments() {
  return useQuery(pendingPaymentsQueryOptions());
}
