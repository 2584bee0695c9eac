import type { CheckoutSession, CheckoutSessionBody } from '@numero/contract/wallet';
import { api } from '../../../lib/api-client.ts';

/** POST /api/v1/wallets/checkout/create-session: the provider's hosted card page. */
export function createCheckoutSession(body: CheckoutSessionBody): Promise<CheckoutSession> {
  return api<CheckoutSession>('/api/v1/wallets/checkout/create-session', { method: 'POST', body });
}
