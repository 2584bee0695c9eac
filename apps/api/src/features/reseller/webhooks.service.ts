import type { WebhookDeliveriesPage, WebhookPayload } from '@numero/contract/reseller';
import type { Tx } from '../../db/client.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import type { WebhookPolicy } from '../../lib/webhook-address.ts';
import { smsActivateCountryId, smsActivateServiceCode } from '../../providers/numbers/sms-activate.ts';
import { sendWebhook } from './webhook-sender.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

/**
 * Waits before each retry, after the first attempt fails: ten attempts over about two and a half hours,
 * so a receiver that is down for an hour still gets its events.
 */
export const RETRY_DELAYS_MS = [30, 60, 120, 300, 600, 900, 1800, 1800, 3600].map((s) => s * 1000);
/** A claimed attempt is not handed to another worker while it may still be under way. */
const LEASE_MS = 60_000;
const BATCH = 50;
const CONCURRENCY = 8;

/** An SMS as the activations record it, for the hook they call in the same transaction. */
export interface ReceivedSms {
  activationId: string;
  attempt: number;
  text: string;
  code: string;
  receivedAt: Date;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** Webhooks to resellers: an event per SMS written with it, delivered and retried by a periodic task. */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  policy: WebhookPolicy;
  log?: { warn(obj: object, msg: string): void };
  now: () => Date;
}) {
  const { repository, policy, now } = deps;

  /** Claims up to a batch of the attempts due by `dueBy` and makes them; returns how many were made. */
  async function deliverBatch(dueBy: Date): Promise<number> {
    const at = now();
    const claimed = await repository.claimDue(dueBy, new Date(at.getTime() + LEASE_MS), BATCH);
    await forEachLimited(claimed, CONCURRENCY, async (d) => {
      const attempts = d.attempts + 1;
      const result =
        d.url && d.secret
          ? await sendWebhook({ id: d.id, url: d.url, secret: d.secret, payload: d.payload }, policy, at)
          : ({ ok: false, status: null, error: 'no webhook on the key' } as const);
      if (result.ok) {
        await repository.recordAttempt(d.id, {
          status: 'delivered',
          attempts,
          nextAttemptAt: at,
          lastUrl: d.url,
          lastStatusCode: result.status,
          lastError: null,
          deliveredAt: now(),
        });
        return;
      }
      // A key revoked or without a webhook now: nobody is listening, so the event is given up at once.
      const delay = d.url && d.secret ? RETRY_DELAYS_MS[attempts - 1] : undefined;
      deps.log?.warn({ delivery: d.id, attempts, error: result.error }, 'webhook delivery failed');
      await repository.recordAttempt(d.id, {
        status: delay === undefined ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: new Date(at.getTime() + (delay ?? 0)),
        lastUrl: d.url,
        lastStatusCode: result.status,
        lastError: result.error,
        deliveredAt: null,
      });
    });
    return claimed.length;
  }

  return {
    rememberKey: repository.rememberKey,

    /** Called where the SMS is recorded, inside its transaction: the event exists exactly when the SMS does. */
    async onSmsReceived(tx: Tx, sms: ReceivedSms): Promise<void> {
      const target = await repository.webhookTarget(sms.activationId, tx);
      if (!target) return;
      const payload: WebhookPayload = {
        activationId: target.publicId,
        service: smsActivateServiceCode(target.serviceCode),
        text: sms.text,
        code: sms.code,
        country: smsActivateCountryId(target.countryCode) ?? -1,
        receivedAt: sms.receivedAt.toISOString(),
      };
      await repository.enqueue(
        {
          apiKeyId: target.apiKeyId,
          activationId: sms.activationId,
          smsAttempt: sms.attempt,
          payload: JSON.stringify(payload),
          nextAttemptAt: sms.receivedAt,
          createdAt: sms.receivedAt,
        },
        tx,
      );
    },

    /**
     * Makes every attempt due when the run began, batch after batch while they come back full (those
     * planned during the run wait for the next); returns how many were made.
     */
    async deliverDue(): Promise<number> {
      const dueBy = now();
      let made = 0;
      let batch: number;
      do {
        batch = await deliverBatch(dueBy);
        made += batch;
      } while (batch === BATCH);
      return made;
    },

    /** The delivery log of one key, for its owner (ownership is checked by the caller). */
    async list(apiKeyId: string, page: { skip: number; limit: number }): Promise<WebhookDeliveriesPage> {
      const { items, total } = await repository.listForKey(apiKeyId, page);
      return {
        items: items.map(({ delivery: d, publicId }) => ({
          id: d.id,
          activation_id: publicId,
          status: d.status,
          attempts: d.attempts,
          last_status_code: d.lastStatusCode,
          last_error: d.lastError,
          created_at: iso(d.createdAt)!,
          delivered_at: iso(d.deliveredAt),
          next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
        })),
        total,
        skip: page.skip,
        limit: page.limit,
      };
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
