import { api } from '../api-client.ts';

export function postLogout() {
  return api<null>('/api/v1/auth/logout', { method: 'POST', redirectOn401: false });
}
