import type { ActivationDetail } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

/** POST /api/v1/activations/{id}/resend: asks upstream for another SMS after a code. */
export function requestAnotherSms(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useRequestAnotherSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestAnotherSms,
    onSuccess: (activation) => {
      queryClient.setQueryData(activationKeys.detail(activation.id), activation);
    },
    onSettled: (_data, _error, id) => {
      void queryClient.invalidateQueries({ queryKey: activationKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: activationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: activationKeys.summary });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
