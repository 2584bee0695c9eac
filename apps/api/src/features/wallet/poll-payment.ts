import type { PaymentIntent } from '@numero/contract/wallet';
import type { OwnedPayments } from './owned-payments.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** How often one payment's status may be asked of the provider while a browser polls it. */
export const POLL_RECHECK_MS = 3_000;

/** The payment page's poll: it settles a pending payment itself, so a lost webhook costs nothing. */
export function createPaymentPoll(
  deps: Pick<PaymentsDeps, 'repository' | 'now' | 'log'> & {
    settlement: Pick<PaymentSettlement, 'recheck'>;
    payments: OwnedPayments;
  },
) {
  const { repository, now, log } = deps;
  const { recheck } = deps.settlement;
  const { owned, toView } = deps.payments;

  /** The payment for its owner; a pending one is re-checked with the provider now and then. */
  async function get(userId: string, id: string): Promise<PaymentIntent> {
    const row = await owned(userId, id);
    if (row.status !== 'pending' || !row.providerRef) return toView(row);
    // One claim per interval across every open tab and server, so polling cannot flood the provider.
    const claimed = await repository.claimCheck(row.id, now(), POLL_RECHECK_MS);
    if (!claimed) return toView(row);
    try {
      return toView(await recheck(claimed));
    } catch (err) {
      // The page keeps polling; the stored state is still a true answer.
      log.warn({ err, paymentId: row.id }, 'payment re-check failed');
      return toView(row);
    }
  }

  return { get };
}
