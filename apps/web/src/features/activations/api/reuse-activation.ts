import type { ActivationDetail } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

export interface ReuseActivationInput {
  id: string;
  /** The same key for every retry of one reuse: the server never charges twice for it. */
  idempotencyKey: string;
}

/** POST /api/v1/activations/{id}/reuse: pays from the wallet for a new activation on the same number. */
export function reuseActivation({ id, idempotencyKey }: ReuseActivationInput) {
  return api<ActivationDetail>(`/api/v1/activations/${encodeURIComponent(id)}/reuse`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useReuseActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reuseActivation,
    onSuccess: (activation) => {
      queryClient.setQueryData(activationKeys.detail(activation.id), activation);
    },
    // A refused reuse was charged and refunded at once: the lists and the balance change either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: activationKeys.summary });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
