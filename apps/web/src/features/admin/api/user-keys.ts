/**
 * Query keys of the users screen. They sit under ['admin'] so that a change made here also refreshes the
 * dashboard's figures and recent activity, which live under the same prefix.
 */
export const adminUserKeys = {
  admin: ['admin'] as const,
  all: ['admin', 'users'] as const,
  list: (params: object) => ['admin', 'users', 'list', params] as const,
  stats: ['admin', 'users', 'stats'] as const,
};
