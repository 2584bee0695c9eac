import type { ActivationDetail, PurchaseBody } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

export interface CreateActivationInput {
  body: PurchaseBody;
  /** The same key for every retry of one purchase: the server never charges twice for it. */
  idempotencyKey: string;
}

/** POST /api/v1/activations: pays from the wallet and reserves a number. */
export function createActivation({ body, idempotencyKey }: CreateActivationInput) {
  return api<ActivationDetail>('/api/v1/activations', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivation,
    onSuccess: (activation) => {
      queryClient.setQueryData(activationKeys.detail(activation.id), activation);
    },
    // A refused purchase may still have moved money and back (no numbers upstream): refresh either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: activationKeys.summary });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
