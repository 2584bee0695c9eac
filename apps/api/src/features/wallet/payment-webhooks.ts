import { AppError } from '../../http/errors.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { PaymentProviderError, WebhookSignatureError } from '../../providers/payments/payment-provider.ts';
import type { Outcome, PaymentSettlement } from './payment-settlement.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** The provider's word on a payment, pushed to us: each event stored once, each payment settled once. */
export function createPaymentWebhooks(
  deps: Pick<PaymentsDeps, 'repository' | 'now' | 'log' | 'built'> & {
    settlement: Pick<PaymentSettlement, 'providerFailure' | 'applyOutcome' | 'outcomeOf'>;
  },
) {
  const { repository, now, log } = deps;
  const { provider } = deps.built;
  const { providerFailure, applyOutcome, outcomeOf } = deps.settlement;

  /**
   * The signature is checked on the raw bytes, the event is stored once by id, and the payment settles
   * through applyOutcome, so duplicates, delays and any order credit once.
   */
  async function handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: boolean; duplicate?: boolean }> {
    if (providerName !== provider.name) throw new AppError('NOT_FOUND', 404);
    let event: Awaited<ReturnType<typeof provider.parseWebhook>>;
    try {
      event = await provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        log.warn({ provider: providerName, reason: err.message }, 'webhook refused: bad signature');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', 400);
      }
      if (err instanceof PaymentProviderError && err.code === 'BAD_REPLY') {
        log.warn({ provider: providerName, reason: err.message }, 'webhook refused: not an event');
        throw new AppError('WEBHOOK_PAYLOAD_INVALID', 400);
      }
      if (err instanceof PaymentProviderError && err.code === 'NOT_FOUND') return { received: true };
      // The provider could not be asked about the event: a 503 makes it deliver again later.
      log.error({ err, provider: providerName }, 'webhook could not be processed');
      throw new AppError('SERVICE_UNAVAILABLE', 503);
    }
    if (!event) return { received: true };

    const stored = await repository.recordEvent(provider.name, event.eventId, payloadOf(rawBody), now());
    if (stored.processed) return { received: true, duplicate: true };
    const row = await repository.findByRef(provider.name, event.providerRef);
    if (!row) {
      // Left unprocessed: polling and the sweeper settle the payment once its reference is known.
      log.warn({ provider: provider.name, eventId: event.eventId }, 'webhook for an unknown charge');
      return { received: true };
    }
    let outcome: Outcome = {
      status: event.status,
      amount: event.amount,
      currency: event.currency,
    };
    // A "paid" that does not say how much is checked with the provider before anything is credited.
    if (event.status === 'paid' && (event.amount === undefined || event.currency === undefined)) {
      try {
        outcome = outcomeOf(await provider.getCharge(event.providerRef));
      } catch (err) {
        throw providerFailure(err);
      }
    }
    failpoint('topup.webhook-received');
    await applyOutcome(row.id, outcome, { provider: provider.name, eventId: event.eventId });
    failpoint('topup.webhook-settled');
    return stored.inserted ? { received: true } : { received: true, duplicate: true };
  }

  return { handleWebhook };
}

// An unparsable body is still recorded, cut short so a hostile one cannot bloat the events table.
function payloadOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { raw: rawBody.toString('utf8').slice(0, 10_000) };
  }
}
