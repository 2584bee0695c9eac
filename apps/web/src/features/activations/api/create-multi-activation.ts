import type { MultiServiceBody, MultiServicePurchase } from '@numero/contract/activation-reuse';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activationKeys, WALLET_KEY } from './keys.ts';

export interface CreateMultiActivationInput {
  body: MultiServiceBody;
  /** The same key for every retry of one purchase: the server never charges twice for it. */
  idempotencyKey: string;
}

/** POST /api/v1/activations/multi-service: one number, one activation (and charge) per service. */
export function createMultiActivation({ body, idempotencyKey }: CreateMultiActivationInput) {
  return api<MultiServicePurchase>('/api/v1/activations/multi-service', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateMultiActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMultiActivation,
    onSuccess: (bought) => {
      for (const a of bought.activations) queryClient.setQueryData(activationKeys.detail(a.id), a);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: activationKeys.summary });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
  });
}
