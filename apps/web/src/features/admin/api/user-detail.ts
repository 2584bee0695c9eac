import type { AdminUserDetail } from '@numero/contract/admin-user-detail';
import type { WalletAdjustment, WalletAdjustmentBody } from '@numero/contract/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserKeys } from './user-keys.ts';

const detailKey = (id: string) => [...adminUserKeys.admin, 'detail', id] as const;

/** GET /api/v1/admin/users/{id}/detail: orders, money, sessions, API keys and audit trail of one user. */
export function getUserDetail(id: string) {
  return api<AdminUserDetail>(`/api/v1/admin/users/${encodeURIComponent(id)}/detail`);
}

export function useUserDetail(id: string) {
  return useQuery({ queryKey: detailKey(id), queryFn: () => getUserDetail(id), staleTime: 0 });
}

/** POST /api/v1/admin/users/{id}/wallet-adjustments (ADMIN): a signed amount with a reason, once per key. */
export function adjustWallet({
  id,
  body,
  idempotencyKey,
}: {
  id: string;
  body: WalletAdjustmentBody;
  idempotencyKey: string;
}) {
  return api<WalletAdjustment>(`/api/v1/admin/users/${encodeURIComponent(id)}/wallet-adjustments`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/v1/admin/users/{id}/api-keys/{keyId}/revoke (ADMIN). */
export function revokeUserApiKey({ id, keyId }: { id: string; keyId: string }) {
  return api<null>(
    `/api/v1/admin/users/${encodeURIComponent(id)}/api-keys/${encodeURIComponent(keyId)}/revoke`,
    { method: 'POST' },
  );
}

function useDetailMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.admin }),
  });
}

export const useAdjustWallet = () => useDetailMutation(adjustWallet);
export const useRevokeUserApiKey = () => useDetailMutation(revokeUserApiKey);
