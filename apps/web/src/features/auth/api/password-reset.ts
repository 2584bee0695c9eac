import type { ForgotPasswordRequest, ResetPasswordRequest } from '@numero/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/auth/password/forgot: 202 whether or not an account has the address. */
export function postForgotPassword(body: ForgotPasswordRequest) {
  return api<void>('/api/v1/auth/password/forgot', { method: 'POST', body, redirectOn401: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: postForgotPassword });
}

/** POST /api/v1/auth/password/reset: 204 once the new password is set. */
export function postResetPassword(body: ResetPasswordRequest) {
  return api<void>('/api/v1/auth/password/reset', { method: 'POST', body, redirectOn401: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: postResetPassword });
}
