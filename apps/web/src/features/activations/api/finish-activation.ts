import type { ActivationDetail } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

/** POST /api/v1/activations/{id}/finish: the customer is done with the number. */
export function finishActivation(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/finish`, { method: 'POST' });
}

export function useFinishActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishActivation,
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
