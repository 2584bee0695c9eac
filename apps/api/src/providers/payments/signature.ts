import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-provider.ts';

export type RawHeaders = Record<string, string | string[] | undefined>;

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Header lookup that ignores case, as HTTP does; a repeated header yields its first value. */
export function headerValue(headers: RawHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex digests; anything that is not hex of the same size is unequal. */
export function hexDigestsEqual(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-fA-F]+$/.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

/** "t=1,v1=ab,v1=cd" -> { t: ['1'], v1: ['ab', 'cd'] } */
export function parseSignatureHeader(value: string): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const item of value.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const key = item.slice(0, eq).trim();
    const list = parts.get(key) ?? [];
    list.push(item.slice(eq + 1).trim());
    parts.set(key, list);
  }
  return parts;
}

/** Throws unless `timestamp` (unix seconds) is within the tolerance of `nowMs`, in either direction. */
export function checkTimestamp(
  timestamp: number,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
) {
  if (!Number.isFinite(timestamp) || Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError('webhook timestamp is outside the tolerance');
  }
}

function timestampedPayload(body: string | Buffer, t: number | string): Buffer {
  return Buffer.concat([
    Buffer.from(`${t}.`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
}

/** The Stripe scheme, also used by the sandbox: `t=<unix>,v1=<hex HMAC-SHA256 of "t.rawBody">`. */
export function signTimestamped(body: string | Buffer, secret: string, t: number): string {
  return `t=${t},v1=${hmacSha256Hex(secret, timestampedPayload(body, t))}`;
}

/** Verifies the Stripe-style header over the raw bytes; any of several v1 values may match (key rotation). */
export function verifyTimestamped(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('signature header is missing');
  const parts = parseSignatureHeader(header);
  const t = parts.get('t')?.[0];
  const candidates = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0) {
    throw new WebhookSignatureError('signature header is malformed');
  }
  const expected = hmacSha256Hex(secret, timestampedPayload(rawBody, t));
  // Compare against every candidate so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of candidates) matched = hexDigestsEqual(expected, candidate) || matched;
  if (!matched) throw new WebhookSignatureError();
  checkTimestamp(Number(t), nowMs, toleranceSeconds);
}
