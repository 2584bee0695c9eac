import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@numero/contract/reseller';
import { resolveWebhookTarget, type WebhookPolicy } from '../../lib/webhook-address.ts';

/** A receiver that has not answered in this long is counted as a failed attempt. */
const SEND_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp is signed with the body. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SendResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs one signed delivery. The host is resolved here, at send time, and the connection goes to the
 * address that was judged (a name cannot be re-pointed to a private address between check and connect).
 */
export async function sendWebhook(
  delivery: { id: string; url: string; secret: string; payload: string },
  policy: WebhookPolicy,
  at: Date,
): Promise<SendResult> {
  let target: { address: string; family: number };
  try {
    target = await resolveWebhookTarget(delivery.url, policy);
  } catch (err) {
    return { ok: false, status: null, error: `refused: ${(err as Error).message}` };
  }
  const url = new URL(delivery.url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Numero-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(delivery.secret, delivery.payload, at),
          [WEBHOOK_EVENT_ID_HEADER]: delivery.id,
        },
      },
      (res) => {
        // Only the status counts; the body is never read, so an endless one cannot hold the worker.
        res.destroy();
        const status = res.statusCode ?? 0;
        resolve(
          status >= 200 && status < 300
            ? { ok: true, status }
            : { ok: false, status, error: `HTTP ${status}` },
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => resolve({ ok: false, status: null, error: err.message.slice(0, 200) }));
    req.end(delivery.payload);
  });
}
