/**
 * The root of each feature's query keys. A feature that changes another's data (a purchase moves the
 * balance, a staff price edit changes the catalogue the landing shows) invalidates by the other's root,
 * without importing that feature; each feature builds its own keys under its root.
 */
export const queryRoots = {
  wallet: ['wallet'],
  activations: ['activations'],
  catalog: ['catalog'],
  rentals: ['rentals'],
} as const;
