import type { ActivationDetail } from '@numero/contract/activations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activationKeys, WALLET_KEY } from './keys.ts';

/**
 * The mutation behind an action on one activation (cancel, finish, another SMS). The answer becomes the
 * cached detail at once; then, worked or not (a refusal usually means the screen was out of date), the
 * detail, the lists, the dashboard summary and the balance are fetched again.
 */
export function useActivationAction(action: (id: string) => Promise<ActivationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
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
