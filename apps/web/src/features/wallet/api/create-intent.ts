import type { CreateIntentBody, PaymentIntent } from '@numero/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pendingPaymentsQueryOptions } from './get-pending-payments.ts';

/** POST /api/v1/wallets/payments/create-intent */
export function createIntent(body: CreateIntentBody): Promise<PaymentIntent> {
  return api<PaymentIntent>('/api/v1/wallets/payments/create-intent', { method: 'POST', body });
}

/** A new PIX or boleto joins the top-ups still open. */
export function useCreateIntent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pendingPaymentsQueryOptions().queryKey }),
  });
}
