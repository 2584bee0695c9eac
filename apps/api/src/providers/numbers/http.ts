import { UpstreamError } from './number-provider.ts';

export interface HttpReply {
  status: number;
  body: string;
}

export interface HttpCall {
  fetch: typeof fetch;
  url: URL;
  timeoutMs: number;
  /** Names the provider and the operation in error messages; must never hold a secret. */
  context: string;
  headers?: Record<string, string>;
}

/**
 * Sends a GET and reads the whole body under one deadline, so a server that sends headers and then
 * stalls is a TIMEOUT too. Transport failures become UpstreamErrors; the HTTP status is left to the
 * caller because these protocols report their own errors in the body.
 */
export async function getText(call: HttpCall): Promise<HttpReply> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const res = await call.fetch(call.url, { method: 'GET', headers: call.headers, signal });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    if (signal.aborted) {
      throw new UpstreamError('TIMEOUT', `${call.context}: no reply within ${call.timeoutMs} ms`);
    }
    // Only the error code: a full message or cause could carry the request URL and its credentials.
    throw new UpstreamError('UNAVAILABLE', `${call.context}: ${networkErrorCode(err)}`);
  }
}

function networkErrorCode(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : 'network error';
}

/** A short, secret-free excerpt of an unexpected body for error messages. */
export function excerpt(body: string, secrets: readonly string[] = []): string {
  let text = body.trim();
  for (const secret of secrets) {
    if (secret) text = text.replaceAll(secret, '***');
  }
  return JSON.stringify(text.slice(0, 120));
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Upstreams send phone numbers with or without "+", spaces or dashes; we keep E.164 digits only. */
export function toE164Digits(phone: unknown): string | undefined {
  if (typeof phone !== 'string' && typeof phone !== 'number') return undefined;
  const digits = String(phone).replace(/[\s+()-]/g, '');
  return /^\d{8,15}$/.test(digits) ? digits : undefined;
}
