import type { ActivationsSummary } from '@numero/contract/activations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys } from './keys.ts';

/** GET /api/v1/activations/summary: the dashboard's active-numbers and orders cards and recent activity. */
export function getActivationsSummary() {
  return api<ActivationsSummary>('/api/v1/activations/summary');
}

export const activationsSummaryQueryOptions = () =>
  queryOptions({ queryKey: activationKeys.summary, queryFn: getActivationsSummary, staleTime: 0 });

export function useActivationsSummary(enabled = true) {
  return useQuery({ ...activationsSummaryQueryOptions(), enabled });
}
