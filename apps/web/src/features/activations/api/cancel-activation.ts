import type { ActivationDetail } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

/** POST /api/v1/activations/{id}/cancel: only before the code; the price goes back to the wallet. */
export function cancelActivation(id: string) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelActivation,
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
