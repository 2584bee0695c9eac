/** Query keys of activations: mutations invalidate through these, so every screen showing one refreshes. */
export const activationKeys = {
  all: ['activations'] as const,
  detail: (id: string) => ['activations', 'detail', id] as const,
  lists: ['activations', 'list'] as const,
  summary: ['activations', 'summary'] as const,
};

/** The balance changes with every purchase and refund (the wallet feature's query key prefix). */
export const WALLET_KEY = ['wallet'] as const;
