import type { ChangeEmailRequest } from '@numero/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/users/me/email: 202; the change applies once the link sent to the new address is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => api<void>('/api/v1/users/me/email', { method: 'POST', body }),
  });
}
