import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of activations: mutations invalidate through these, so every screen showing one refreshes. */
export const activationKeys = {
  all: queryRoots.activations,
  detail: (id: string) => [...queryRoots.activations, 'detail', id] as const,
  lists: [...queryRoots.activations, 'list'] as const,
  summary: [...queryRoots.activations, 'summary'] as const,
};

/** The balance changes with every purchase and refund. */
export const WALLET_KEY = queryRoots.wallet;
