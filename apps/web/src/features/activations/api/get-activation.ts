import type { ActivationDetail } from '@numero/contract/activations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { isLiveStreamOpen } from '../../../lib/live-events.tsx';
import { activationKeys } from './keys.ts';

/** While an SMS is awaited and the event stream is down, the screen asks every 2 s. */
export const ACTIVATION_POLL_MS = 2_000;
/** With the stream open the code arrives through it; asking now and then only covers a lost event. */
export const ACTIVATION_LIVE_POLL_MS = 15_000;

export function getActivation(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}`);
}

export function isAwaitingUpdate(activation: ActivationDetail | undefined): boolean {
  return !!activation && (activation.status === 'pending' || activation.awaiting_sms);
}

export function activationQueryOptions(id: string) {
  return queryOptions({
    queryKey: activationKeys.detail(id),
    queryFn: () => getActivation(id),
    staleTime: 0,
    refetchInterval: (query) =>
      isAwaitingUpdate(query.state.data)
        ? isLiveStreamOpen()
          ? ACTIVATION_LIVE_POLL_MS
          : ACTIVATION_POLL_MS
        : false,
    // A 404 (someone else's or unknown id) will not change by asking again.
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

export function useActivation(id: string) {
  return useQuery(activationQueryOptions(id));
}
