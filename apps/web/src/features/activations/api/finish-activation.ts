import type { ActivationDetail } from '@numero/contract/activations';
import { api } from '../../../lib/api-client.ts';
import { useActivationAction } from './use-activation-action.ts';

/** POST /api/v1/activations/{id}/finish: the customer is done with the number. */
export function finishActivation(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/finish`, { method: 'POST' });
}

export function useFinishActivation() {
  return useActivationAction(finishActivation);
}
