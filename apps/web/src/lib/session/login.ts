import type { CurrentUser } from '@numero/contract/account';
import { api } from '../api-client.ts';

export interface Credentials {
  email: string;
  password: string;
  /** The authenticator's code or a recovery code, once the server asked for it (TOTP_REQUIRED). */
  otp?: string;
}

/** POST /api/v1/auth/login is form-encoded, with the email as `username` (spec §7). */
export function postLogin({ email, password, otp }: Credentials) {
  return api<{ user: CurrentUser }>('/api/v1/auth/login', {
    method: 'POST',
    form: { username: email.trim(), password, ...(otp ? { otp: otp.trim() } : {}) },
    redirectOn401: false,
  });
}
