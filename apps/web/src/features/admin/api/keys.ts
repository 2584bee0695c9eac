/** Query keys of the staff dashboard; every admin mutation invalidates under ['admin']. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  audit: (params: object) => ['admin', 'audit', params] as const,
};
