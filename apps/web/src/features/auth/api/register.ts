import type { CurrentUser } from '@numero/contract/account';
import type { RegisterBody } from '@numero/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function postRegister(body: RegisterBody) {
  return api<{ user: CurrentUser }>('/api/v1/auth/register', { method: 'POST', body, redirectOn401: false });
}

export function useRegister() {
  return useMutation({ mutationFn: postRegister });
}
