import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import type { ActivationRow } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import type { SmsTracking } from './sms-tracking.ts';
import type { Upstream } from './upstream.ts';

/** Why this activation cannot be cancelled, or null when it can. */
export function cancelRefusal(row: ActivationRow): AppError | null {
  switch (row.status) {
    case 'waiting_sms':
      return null;
    case 'pending':
      return new AppError('ACTIVATION_PENDING', 409);
    case 'code_received':
    case 'finished':
      return new AppError('CODE_ALREADY_RECEIVED', 409);
    default:
      return new AppError('ACTIVATION_CLOSED', 409);
  }
}

/** Ending an activation on request: the customer's own actions and staff's share these rules. */
export function createEnding(
  deps: Pick<ActivationsDeps, 'db' | 'repository' | 'now'> & {
    upstream: Pick<Upstream, 'warn' | 'bestEffort' | 'upstreamOf'>;
    tracking: Pick<SmsTracking, 'checkOne'>;
  },
) {
  const { db, repository, now } = deps;
  const { warn, bestEffort, upstreamOf } = deps.upstream;

  /**
   * Gives the number back upstream before a refund. For the customer any refusal stops the refund (they
   * can try again); staff refund anyway and only log it, except when the code already arrived: then the
   * price is the seller's and nobody may refund it.
   */
  async function releaseUpstream(row: ActivationRow, mode: 'customer' | 'staff') {
    try {
      await upstreamOf(row).cancel(row.upstreamId!);
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'ALREADY_HAS_SMS') {
        await deps.tracking.checkOne({
          id: row.id,
          provider: row.provider!,
          upstream_id: row.upstreamId!,
          resend_count: row.resendCount,
        });
        throw new AppError('CODE_ALREADY_RECEIVED', 409);
      }
      if (mode === 'staff') {
        warn(err, 'upstream cancel failed; refunding on staff request', { activation: row.id });
        return;
      }
      if (!(err instanceof UpstreamError)) throw err;
      if (err.code === 'EARLY_CANCEL_DENIED') throw new AppError('EARLY_CANCEL_DENIED', 409);
      // NOT_FOUND: upstream no longer holds the number, so there is nothing left to cancel there.
      if (err.code !== 'NOT_FOUND') throw new AppError('UPSTREAM_RETRY', 503);
    }
  }

  /**
   * code_received → finished; false when it was finished already (finishing twice changes nothing).
   * `audit` runs in the same transaction as the change, so a staff finish is never left unrecorded.
   */
  async function finishRow(
    row: ActivationRow,
    audit?: (tx: Tx, before: ActivationRow) => Promise<void>,
  ): Promise<boolean> {
    if (row.status === 'finished') return false;
    if (row.status !== 'code_received') throw new AppError('FINISH_NOT_ALLOWED', 409);
    const changed = await db.transaction(async (tx) => {
      const locked = await repository.lock(row.id, tx);
      if (locked?.status === 'finished') return false;
      if (locked?.status !== 'code_received') throw new AppError('FINISH_NOT_ALLOWED', 409);
      const at = now();
      await repository.update(row.id, { status: 'finished', nextCheckAt: null, updatedAt: at }, tx);
      await audit?.(tx, locked);
      return true;
    });
    // The money was captured with the code; telling upstream is a courtesy that must not block the customer.
    if (changed) await bestEffort('finish', row, () => upstreamOf(row).finish(row.upstreamId!));
    return changed;
  }

  return { releaseUpstream, finishRow };
}
export type Ending = ReturnType<typeof createEnding>;
