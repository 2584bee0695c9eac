/**
 * Which API a path is under: the store's JSON API (`/api`), the 5sim-compatible REST API (`/v1`, which
 * answers errors in plain text as 5sim does) or the handler_api.php protocol (`/stubs`, tokens only).
 */
export function apiOf(path: string): 'json' | 'fivesim' | 'handler' | null {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/api')) return 'json';
  if (under('/v1')) return 'fivesim';
  if (under('/stubs')) return 'handler';
  return null;
}

/** A plain-text answer in the protocol's words for /v1 and /stubs paths, or null for the others. */
export function protocolText(path: string, fivesim: string, handler: string): string | null {
  const api = apiOf(path);
  return api === 'fivesim' ? fivesim : api === 'handler' ? handler : null;
}
