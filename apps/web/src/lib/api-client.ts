import i18n from '../i18n/index.ts';

export const REQUEST_TIMEOUT_MS = 10_000;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 300;

/** A failed call: `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string | null,
  ) {
    super(detail ?? code);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

const PAGES_WITHOUT_401_REDIRECT = ['/login', '/register'];

function redirectToLoginSoon() {
  if (PAGES_WITHOUT_401_REDIRECT.includes(window.location.pathname)) return;
  setTimeout(() => window.location.assign('/login'), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded (the login form) instead of JSON. */
  form?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** The session check handles its own 401 (it logs out instead of redirecting). */
  redirectOn401?: boolean;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, opts)).data;
}

/**
 * A list call whose body is a JSON array (the spec's shape) and whose total count for pagination comes
 * in the `X-Total-Count` header.
 */
export async function apiList<T>(
  path: string,
  opts: RequestOptions = {},
): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await request<T[]>(path, opts);
  const items = Array.isArray(data) ? data : [];
  const total = Number(headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) && headers.has('x-total-count') ? total : items.length };
}

async function request<T>(path: string, opts: RequestOptions): Promise<{ data: T; headers: Headers }> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language,
    ...opts.headers,
  };
  let body: string | undefined;
  if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', null);
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && opts.redirectOn401 !== false) redirectToLoginSoon();
    const detail = typeof data?.detail === 'string' ? data.detail : null;
    throw new ApiError(res.status, typeof data?.code === 'string' ? data.code : `HTTP_${res.status}`, detail);
  }
  return { data: data as T, headers: res.headers };
}
