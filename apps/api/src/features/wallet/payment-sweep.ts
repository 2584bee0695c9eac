import { PaymentProviderError } from '../../providers/payments/payment-provider.ts';
import type { PaymentSettlement } from './payment-settlement.ts';
import type { PaymentRow } from './payments.repository.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/** The sweeper: pending payments older than this are asked about, each at most this often. */
export const SWEEP = {
  intervalMs: 30_000,
  minAgeMs: 60_000,
  recheckMs: 30_000,
  batch: 50,
  /** A payment the provider still calls pending this long after its expiry is closed here. */
  expiryGraceMs: 10 * 60_000,
  /** Rows whose provider call never completed. */
  orphanAfterMs: 5 * 60_000,
} as const;

/** The background safety net for payments nobody is watching: no webhook came and no page is polling. */
export function createPaymentSweep(
  deps: Pick<PaymentsDeps, 'repository' | 'now' | 'log'> & {
    settlement: Pick<PaymentSettlement, 'applyOutcome' | 'recheck'>;
  },
) {
  const { repository, now, log } = deps;
  const { applyOutcome, recheck } = deps.settlement;

  /** Asks the provider about pending payments and closes the ones that ran out. */
  async function sweep(): Promise<{ checked: number; orphans: number }> {
    const at = now();
    const orphans = await repository.failOrphans(at, SWEEP.orphanAfterMs);
    const due = await repository.claimDue(at, SWEEP.minAgeMs, SWEEP.recheckMs, SWEEP.batch);
    for (const row of due) {
      let settled: PaymentRow = row;
      try {
        settled = await recheck(row);
      } catch (err) {
        // A charge the provider no longer knows can still run out here; any other failure waits a turn.
        if (!(err instanceof PaymentProviderError && err.code === 'NOT_FOUND')) {
          log.warn({ err, paymentId: row.id }, 'pending payment re-check failed');
          continue;
        }
      }
      const overdue =
        settled.status === 'pending' &&
        settled.expiresAt !== null &&
        settled.expiresAt.getTime() + SWEEP.expiryGraceMs <= now().getTime();
      if (overdue) await applyOutcome(row.id, { status: 'expired' });
    }
    return { checked: due.length, orphans };
  }

  return { sweep };
}
