/**
 * Where a visitor was heading before signing up or in (a product picked on the landing, a page behind
 * the sign-in). Kept per tab, so it survives the trip through /register and /login.
 */
const KEY = 'numero.next';

/** Only this store's own paths: never another host ("//evil", "/\\evil"), never the sign-in pages. */
export function safeNextPath(path: string | null | undefined): string | null {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  // The browser drops tabs and newlines from addresses: "/\t/evil" would become "//evil".
  const base = 'http://store.invalid';
  if (new URL(path, base).origin !== base) return null;
  const pathname = path.split(/[?#]/)[0]!;
  if (['/login', '/register', '/auth-callback'].includes(pathname)) return null;
  return path;
}

export function saveNextPath(path: string | null | undefined) {
  const safe = safeNextPath(path);
  if (!safe) return;
  try {
    sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage refused: after sign-in the customer lands on the home page instead.
  }
}

/** The saved path, if any (render may run twice: reading does not forget it, clearNextPath does). */
export function peekNextPath(): string | null {
  try {
    return safeNextPath(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function clearNextPath() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The saved path, once: reading it forgets it. */
export function takeNextPath(): string | null {
  const path = peekNextPath();
  clearNextPath();
  return path;
}

/** The address that signs up a new visitor and then takes them to `path`. */
export function registerThen(path: string): string {
  return `/register?next=${encodeURIComponent(path)}`;
}
