import type { CreateIntentBody, PaymentIntent } from '@numero/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/wallets/payments/create-intent */
export function createIntent(body: CreateIntentBody): Promise<PaymentIntent> {
  return api<PaymentIntent>('/api/v1/wallets/payments/create-intent', { method: 'POST', body });
}

export function useCreateIntent() {
  return useMutation({ mutationFn: createIntent });
}
