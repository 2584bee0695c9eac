import type { ResendVerificationRequest, VerifyEmailRequest } from '@numero/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/auth/email/verify: 204 once the address (a new account's, or a new one) is confirmed. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      api<void>('/api/v1/auth/email/verify', { method: 'POST', body, redirectOn401: false }),
  });
}

/** POST /api/v1/auth/email/resend: 202 whatever the address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (body: ResendVerificationRequest) =>
      api<void>('/api/v1/auth/email/resend', { method: 'POST', body, redirectOn401: false }),
  });
}
