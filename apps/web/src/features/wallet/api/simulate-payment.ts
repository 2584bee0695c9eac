import type { PaymentIntent } from '@numero/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/wallets/payments/{id}/simulate: sandbox only; the signed webhook follows shortly. */
export function simulatePayment(id: string): Promise<PaymentIntent> {
  return api<PaymentIntent>(`/api/v1/wallets/payments/${encodeURIComponent(id)}/simulate`, {
    method: 'POST',
  });
}

export function useSimulatePayment(id: string) {
  return useMutation({ mutationFn: () => simulatePayment(id) });
}
