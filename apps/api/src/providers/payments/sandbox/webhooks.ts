import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PaymentProviderError, type WebhookEvent } from '../payment-provider.ts';
import { headerValue, type RawHeaders, signTimestamped, verifyTimestamped } from '../signature.ts';
import type { SandboxCharge } from './store.ts';

/**
 * The sandbox's webhooks: POST to the store's webhook URL, JSON
 *   {"id":"evt_…","type":"charge.paid"|"charge.failed","created":<unix>,
 *    "data":{"providerRef","status","amount","currency"}}
 * with header `x-sandbox-signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, re-signed on each
 * attempt. Deliveries live in this process's timers only: a restart loses pending retries, so the store
 * also polls charges that stay pending (it has to for real providers anyway).
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** The sandbox's webhook signature header value for a body (tests and the app's own route tests). */
export function signSandboxWebhook(body: string | Buffer, secret: string, t: number): string {
  return signTimestamped(body, secret, t);
}

export interface WebhookAttempt {
  eventId: string;
  providerRef: string;
  attempt: number;
  outcome: 'delivered' | 'retrying' | 'gave_up';
  httpStatus?: number;
  error?: string;
}

export interface WebhookSenderOptions {
  webhookUrl: string;
  webhookSecret: string;
  /** Wait before the first delivery, like a real provider's queue. */
  webhookDelayMs: number;
  /** First retry after this long, doubling each time (default 1000 ms). */
  webhookRetryBaseMs?: number;
  /** Attempts before a delivery is given up (default 5). */
  webhookMaxAttempts?: number;
  /** Deadline of one delivery attempt (default 10000 ms). */
  webhookTimeoutMs?: number;
  /** Told about each delivery attempt, for logs and tests. */
  onWebhookAttempt?: (attempt: WebhookAttempt) => void;
  fetch?: typeof fetch;
}

/** Announces a settled charge by a signed webhook, retried with backoff. */
export function createWebhookSender(opts: WebhookSenderOptions, clock: () => Date) {
  const fetchImpl = opts.fetch ?? fetch;
  const retryBaseMs = opts.webhookRetryBaseMs ?? 1000;
  const maxAttempts = opts.webhookMaxAttempts ?? 5;
  const deliveryTimeoutMs = opts.webhookTimeoutMs ?? 10_000;

  function later(ms: number, task: () => Promise<void>): void {
    // Unref'd: pending deliveries never keep a process (or a test run) alive.
    setTimeout(() => void task().catch(() => undefined), ms).unref();
  }

  function report(attempt: WebhookAttempt): void {
    try {
      opts.onWebhookAttempt?.(attempt);
    } catch {
      // A logging hook must not break deliveries.
    }
  }

  return function deliverWebhook(charge: SandboxCharge): void {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: `charge.${charge.status}`,
      created: Math.floor(clock().getTime() / 1000),
      data: {
        providerRef: charge.providerRef,
        status: charge.status,
        amount: charge.amount,
        currency: charge.currency,
      },
    };
    const body = JSON.stringify(event);
    const base = { eventId: event.id, providerRef: charge.providerRef };

    const attemptDelivery = async (attempt: number): Promise<void> => {
      const t = Math.floor(clock().getTime() / 1000);
      let httpStatus: number | undefined;
      let error: string | undefined;
      try {
        const response = await fetchImpl(opts.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'numero-sandbox-webhooks/1',
            [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, opts.webhookSecret, t),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(deliveryTimeoutMs),
        });
        httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (httpStatus >= 200 && httpStatus < 300) {
          report({ ...base, attempt, outcome: 'delivered', httpStatus });
          return;
        }
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      if (attempt >= maxAttempts) {
        report({ ...base, attempt, outcome: 'gave_up', httpStatus, error });
        return;
      }
      report({ ...base, attempt, outcome: 'retrying', httpStatus, error });
      later(retryBaseMs * 2 ** (attempt - 1), () => attemptDelivery(attempt + 1));
    };

    later(opts.webhookDelayMs, () => attemptDelivery(1));
  };
}

const eventEnvelopeSchema = z.object({ id: z.string().min(1), type: z.string(), data: z.unknown() });
const eventDataSchema = z.object({
  providerRef: z.string().min(1),
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'cancelled']),
  amount: z.number().int().positive(),
  currency: z.enum(['BRL', 'USD']),
});
const HANDLED_EVENTS = new Set(['charge.paid', 'charge.failed', 'charge.expired', 'charge.cancelled']);

/** Verifies and reads a sandbox webhook; null for an event type the store does not act on. */
export function parseSandboxWebhook(
  rawBody: Buffer,
  headers: RawHeaders,
  secret: string,
  now: Date,
): WebhookEvent | null {
  verifyTimestamped(rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER), secret, now.getTime());
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook body is not JSON');
  }
  const envelope = eventEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook is not an event');
  if (!HANDLED_EVENTS.has(envelope.data.type)) return null;
  const data = eventDataSchema.safeParse(envelope.data.data);
  if (!data.success) throw new PaymentProviderError('BAD_REPLY', 'sandbox webhook data is malformed');
  return {
    eventId: envelope.data.id,
    providerRef: data.data.providerRef,
    status: data.data.status,
    amount: data.data.amount,
    currency: data.data.currency,
  };
}
