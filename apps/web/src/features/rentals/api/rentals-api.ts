import type { Currency } from '@numero/contract/common';
import type {
  ExtensionQuote,
  RentalDetail,
  RentalQuote,
  RentalsPage,
  RentBody,
} from '@numero/contract/rentals';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { isLiveStreamOpen } from '../../../lib/live-events.tsx';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of rentals: every mutation invalidates through the root, so each screen refreshes. */
export const rentalKeys = {
  all: queryRoots.rentals,
  list: (skip: number) => [...queryRoots.rentals, 'list', skip] as const,
  detail: (id: string) => [...queryRoots.rentals, 'detail', id] as const,
  quote: (productId: number, currency: Currency) =>
    [...queryRoots.rentals, 'quote', productId, currency] as const,
  extension: (id: string, hours: number) => [...queryRoots.rentals, 'extension', id, hours] as const,
};

/** With the event stream open, SMS arrive through it; polling only covers a lost event (or no stream). */
const pollMs = () => (isLiveStreamOpen() ? 15_000 : 3_000);

export function useRentals(skip = 0) {
  return useQuery({
    queryKey: rentalKeys.list(skip),
    queryFn: () => api<RentalsPage>(`/api/v1/rentals?skip=${skip}&limit=20`),
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.status === 'active') ? pollMs() : false),
  });
}

export function rentalQueryOptions(id: string) {
  return queryOptions({
    queryKey: rentalKeys.detail(id),
    queryFn: () => api<RentalDetail>(`/api/v1/rentals/${encodeURIComponent(id)}`),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'active' ? pollMs() : false),
    // A 404 (someone else's or unknown id) will not change by asking again.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

export const useRental = (id: string) => useQuery(rentalQueryOptions(id));

export function useRentalQuote(productId: number, currency: Currency) {
  return useQuery({
    queryKey: rentalKeys.quote(productId, currency),
    queryFn: () => api<RentalQuote>(`/api/v1/rentals/quote?product_id=${productId}&currency=${currency}`),
    staleTime: 30_000,
  });
}

export function useExtensionQuote(id: string, hours: number, enabled: boolean) {
  return useQuery({
    queryKey: rentalKeys.extension(id, hours),
    queryFn: () =>
      api<ExtensionQuote>(`/api/v1/rentals/${encodeURIComponent(id)}/extension-quote?hours=${hours}`),
    enabled,
    staleTime: 0,
  });
}

function useRentalMutation<I>(run: (input: I) => Promise<RentalDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (rental) => queryClient.setQueryData(rentalKeys.detail(rental.id), rental),
    // Money moved (or was refused after moving and back): the balance and every list refresh.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryRoots.rentals });
      void queryClient.invalidateQueries({ queryKey: queryRoots.wallet });
    },
  });
}

export const useRent = () =>
  useRentalMutation(({ body, key }: { body: RentBody; key: string }) =>
    api<RentalDetail>('/api/v1/rentals', { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
  );

export const useExtendRental = () =>
  useRentalMutation(({ id, hours, price, key }: { id: string; hours: number; price: number; key: string }) =>
    api<RentalDetail>(`/api/v1/rentals/${encodeURIComponent(id)}/extend`, {
      method: 'POST',
      body: { hours, expected_price: price },
      headers: { 'Idempotency-Key': key },
    }),
  );

export const useEndRental = () =>
  useRentalMutation(({ id, action }: { id: string; action: 'cancel' | 'finish' }) =>
    api<RentalDetail>(`/api/v1/rentals/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  );

/** A fresh key per rent or extension attempt (getRandomValues works outside secure contexts too). */
export function newRentalKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
