import type { ConfirmIntentBody, PaymentIntent } from '@numero/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { paymentQueryOptions } from './get-payment.ts';

/** POST /api/v1/wallets/payments/intent/{id}/confirm: pays a card, or re-checks a PIX or boleto. */
export function confirmIntent(id: string, body?: ConfirmIntentBody): Promise<PaymentIntent> {
  return api<PaymentIntent>(`/api/v1/wallets/payments/intent/${encodeURIComponent(id)}/confirm`, {
    method: 'POST',
    body,
  });
}

export function useConfirmIntent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: ConfirmIntentBody) => confirmIntent(id, body),
    onSuccess: (payment) => queryClient.setQueryData(paymentQueryOptions(id).queryKey, payment),
  });
}
