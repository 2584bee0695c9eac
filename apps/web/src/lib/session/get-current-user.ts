import type { CurrentUser } from '@numero/contract/account';
import { api } from '../api-client.ts';

/** The session check: a 401 here means "signed out", which the session layer handles itself. */
export function getCurrentUser() {
  return api<CurrentUser>('/api/v1/users/me', { redirectOn401: false });
}
