import type { ReuseQuote } from '@numero/contract/activation-reuse';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys } from './keys.ts';

/** GET /api/v1/activations/{id}/reuse: what using this number again costs, and whether the seller agrees. */
export function getReuseQuote(id: string) {
  return api<ReuseQuote>(`/api/v1/activations/${encodeURIComponent(id)}/reuse`);
}

export function reuseQuoteOptions(id: string) {
  return queryOptions({
    queryKey: [...activationKeys.detail(id), 'reuse'] as const,
    queryFn: () => getReuseQuote(id),
    // The seller's answer changes with time (its reuse window): asked afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Asked only while the dialog is open: each ask reaches the number's seller. */
export function useReuseQuote(id: string, enabled: boolean) {
  return useQuery({ ...reuseQuoteOptions(id), enabled });
}
