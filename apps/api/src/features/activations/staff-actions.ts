import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { ActivationRow } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { cancelRefusal, type Ending } from './end-activation.ts';
import type { InterruptedPurchases } from './interrupted-purchases.ts';
import type { Settlement } from './settlement.ts';

/** Staff actions on any customer's activation: the same settlement as the customer's own, and audited. */
export function createStaffActions(
  deps: Pick<ActivationsDeps, 'db' | 'repository' | 'now' | 'audit'> & {
    settlement: Pick<Settlement, 'refund'>;
    ending: Ending;
    interrupted: Pick<InterruptedPurchases, 'scheduleRelease'>;
  },
) {
  const { db, repository, now } = deps;
  const { refund } = deps.settlement;
  const { releaseUpstream, finishRow } = deps.ending;

  async function recordStaffAction(
    tx: Tx,
    actor: Actor,
    before: ActivationRow,
    operation: 'cancel' | 'finish',
    status: ActivationRow['status'],
  ) {
    await deps.audit?.record(
      {
        action: 'UPDATE',
        actor: { id: actor.id, email: actor.email },
        entityType: 'orders',
        entityId: before.id,
        ip: actor.ip ?? null,
        before: { status: before.status, settled: before.settled },
        after: {
          operation,
          status,
          settled: operation === 'cancel' ? 'refunded' : before.settled,
          ...(operation === 'cancel' ? { refunded: before.price, currency: before.currency } : {}),
          customer_id: before.userId,
        },
      },
      tx,
    );
  }

  /** Staff may also refund a purchase still waiting for its number (stuck upstream, say). */
  function staffCancelRefusal(row: ActivationRow): AppError | null {
    return row.status === 'pending' ? null : cancelRefusal(row);
  }

  /**
   * Cancels any customer's activation before its code and refunds the price to their wallet, exactly
   * once: the refund happens under the row lock and the ledger refuses a second settlement.
   */
  async function adminCancel(id: string, actor: Actor): Promise<void> {
    const row = await repository.findById(id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    const refusal = staffCancelRefusal(row);
    if (refusal) throw refusal;
    // A pending purchase holds no number yet: the sellers recorded for it are released after the refund.
    if (row.status === 'waiting_sms') await releaseUpstream(row, 'staff');
    const numberArrived = await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (!locked) throw new AppError('ACTIVATION_NOT_FOUND', 404);
      const late = staffCancelRefusal(locked);
      if (late) throw late;
      // The number was assigned between the read and the lock: it must be released upstream first.
      if (locked.status !== row.status) return true;
      const at = now();
      // 'cancelled' needs an upstream number; a purchase that never got one ends as 'failed'.
      const status = locked.status === 'pending' ? 'failed' : 'cancelled';
      await refund(tx, locked, status, at, status === 'failed' ? { failureCode: 'CANCELLED_BY_STAFF' } : {});
      if (status === 'failed') await deps.interrupted.scheduleRelease(tx, [id], at);
      await recordStaffAction(tx, actor, locked, 'cancel', status);
      return false;
    });
    // pending → waiting_sms happens once, so this second pass takes the path with a number.
    if (numberArrived) await adminCancel(id, actor);
  }

  /** Finishes any customer's activation that has its code (the price was captured when it arrived). */
  async function adminFinish(id: string, actor: Actor): Promise<void> {
    const row = await repository.findById(id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    await finishRow(row, (tx, before) => recordStaffAction(tx, actor, before, 'finish', 'finished'));
  }

  return { adminCancel, adminFinish };
}
