import type { DemoOutbox } from '@numero/contract/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const outboxQuery = () =>
  queryOptions({
    queryKey: ['demo', 'outbox'],
    queryFn: () => api<DemoOutbox>('/api/v1/demo/outbox', { redirectOn401: false }),
    // New mail shows up without a reload while someone waits for a reset link.
    refetchInterval: 5_000,
    retry: false,
  });

export function useOutbox() {
  return useQuery(outboxQuery());
}
