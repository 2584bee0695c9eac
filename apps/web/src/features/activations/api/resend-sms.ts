import type { ActivationDetail } from '@numero/contract/activations';
import { api } from '../../../lib/api-client.ts';
import { useActivationAction } from './use-activation-action.ts';

/** POST /api/v1/activations/{id}/resend: asks upstream for another SMS after a code. */
export function requestAnotherSms(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useRequestAnotherSms() {
  return useActivationAction(requestAnotherSms);
}
