import type { AdminOrder } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ACTIVATIONS_KEY, adminOrderKeys } from './admin-order-keys.ts';

export type OrderAction = 'cancel' | 'finish';

/**
 * POST /api/v1/admin/orders/{id}/cancel (before the code: refunds the customer) or /finish (with the
 * code). The server decides from the order's state; a stale screen gets a 409 with its reason.
 */
export function runOrderAction({ id, action }: { id: string; action: OrderAction }) {
  return api<AdminOrder>(`/api/v1/admin/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOrderAction,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ACTIVATIONS_KEY });
    },
  });
}
