import type { PaymentIntent } from '@numero/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** While a payment waits, the page asks about it this often (the server re-checks the provider). */
export const PAYMENT_POLL_MS = 2_000;

/** GET /api/v1/wallets/payments/{id} */
export function getPayment(id: string): Promise<PaymentIntent> {
  return api<PaymentIntent>(`/api/v1/wallets/payments/${encodeURIComponent(id)}`);
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...queryRoots.wallet, 'payment', id],
    queryFn: () => getPayment(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });

/** The payment, polled every 2 s until it is paid, failed or expired. */
export function usePayment(id: string, initial?: PaymentIntent) {
  return useQuery({ ...paymentQueryOptions(id), initialData: initial, refetchIntervalInBackground: true });
}
