import type { ChangePasswordRequest } from '@numero/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/auth/password/change: 204 once the new password is set. */
export function postChangePassword(body: ChangePasswordRequest) {
  return api<void>('/api/v1/auth/password/change', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: postChangePassword });
}
