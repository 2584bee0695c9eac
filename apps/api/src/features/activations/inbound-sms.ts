import { AppError } from '../../http/errors.ts';
import type { InboundSmsBody } from '../../providers/numbers/inbound.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import type { SmsChecksRepository } from './sms-checks.repository.ts';
import type { SmsTracking } from './sms-tracking.ts';

/**
 * An SMS a seller pushed to us. It goes down the same path as a polled one (row lock, the unique
 * (activation, attempt) message, settle-once capture), so a push, its retries and the poller's answer
 * about the same SMS record it once and capture once.
 */
export function createInboundSms(
  deps: Pick<ActivationsDeps, 'providers'> & {
    checks: SmsChecksRepository;
    tracking: Pick<SmsTracking, 'record'>;
  },
) {
  async function receiveSms(provider: string, sms: InboundSmsBody): Promise<void> {
    if (!deps.providers.some((p) => p.name === provider)) throw new AppError('NOT_FOUND', 404);
    const id = await deps.checks.findIdByUpstream(provider, sms.activationId);
    if (!id) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    // Some sellers push the code alone; the code is then the whole text the customer sees.
    const text = sms.text.trim() === '' ? sms.code : sms.text;
    await deps.tracking.record(id, 'current', { state: 'code', code: sms.code, text });
  }
  return { receiveSms };
}
