import type { CurrentUser } from '@numero/contract/account';
import { api } from '../api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/v1/auth/login is form-encoded, with the email as `username` (spec §7). */
export function postLogin({ email, password }: Credentials) {
  return api<{ user: CurrentUser }>('/api/v1/auth/login', {
    method: 'POST',
    form: { username: email.trim(), password },
    redirectOn401: false,
  });
}
