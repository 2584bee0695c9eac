import type { ActivationDetail } from '@numero/contract/activations';
import { api } from '../../../lib/api-client.ts';
import { useActivationAction } from './use-activation-action.ts';

/** POST /api/v1/activations/{id}/cancel: only before the code; the price goes back to the wallet. */
export function cancelActivation(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelActivation() {
  return useActivationAction(cancelActivation);
}
