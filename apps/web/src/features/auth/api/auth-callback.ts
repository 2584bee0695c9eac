import type { CurrentUser } from '@numero/contract/account';
import { api } from '../../../lib/api-client.ts';

export function postAuthCallback(body: { code: string; state: string }) {
  return api<{ user: CurrentUser }>('/api/v1/auth/callback', { method: 'POST', body, redirectOn401: false });
}
