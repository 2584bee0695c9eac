import type { Tx } from '../../db/client.ts';
import { failpoint } from '../../lib/failpoint.ts';
import { flows, type Leg } from '../ledger/ledger.service.ts';
import type { ActivationChanges, ActivationRow } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';

export type RefundStatus = 'cancelled' | 'expired' | 'failed';

/** Every transfer of one activation carries it; the ledger's unique index allows one settlement per reference. */
export const ledgerReference = (id: string) => `activation:${id}`;

/** What the row records for each way the price can leave escrow. */
const SETTLED = { capture: 'captured', refund: 'refunded' } as const;

/**
 * Capture or refund, only ever on a row locked FOR UPDATE in the caller's transaction, so that a second
 * path reaching the same row sees it settled and stops.
 */
export function createSettlement(deps: Pick<ActivationsDeps, 'ledger' | 'repository' | 'events' | 'log'>) {
  const { ledger, repository } = deps;

  function assertUnsettled(row: ActivationRow) {
    if (row.settled !== null) throw new Error(`activation ${row.id} is already ${row.settled}`);
  }

  async function settle(
    tx: Tx,
    row: ActivationRow,
    kind: keyof typeof SETTLED,
    legs: Leg[],
    changes: ActivationChanges,
    at: Date,
  ) {
    assertUnsettled(row);
    await ledger.transfer(tx, {
      idempotencyKey: `activation:${row.id}:${kind}`,
      kind,
      currency: row.currency,
      userId: row.userId,
      description: await repository.describe(row, tx),
      reference: ledgerReference(row.id),
      legs,
    });
    await repository.update(
      row.id,
      { ...changes, settled: SETTLED[kind], settledAt: at, nextCheckAt: null, updatedAt: at },
      tx,
    );
    await deps.events?.record(tx, row.userId, 'activation', activationEvent(row.id, changes));
    // Still inside the transaction: a crash here must leave the price in escrow, not half-moved.
    failpoint(kind === 'capture' ? 'activation.capture' : 'activation.refund');
    deps.log?.info?.(
      { activation: row.id, price: row.price, currency: row.currency },
      kind === 'capture' ? 'code received: price captured' : `refunded (${changes.status})`,
    );
  }

  /** Escrow → the customer's wallet. */
  const refund = (
    tx: Tx,
    row: ActivationRow,
    status: RefundStatus,
    at: Date,
    extra: ActivationChanges = {},
  ) => settle(tx, row, 'refund', flows.refund(row.userId, row.price), { ...extra, status }, at);

  /** Escrow → revenue, with the SMS that earned it. */
  const capture = (tx: Tx, row: ActivationRow, sms: { code: string; text: string }, at: Date) =>
    settle(
      tx,
      row,
      'capture',
      flows.capture(row.price),
      { status: 'code_received', code: sms.code, smsText: sms.text },
      at,
    );

  return { refund, capture };
}
export type Settlement = ReturnType<typeof createSettlement>;

/** What an open page needs to show a change at once: the code travels with it. */
export function activationEvent(id: string, changes: ActivationChanges) {
  return { id, status: changes.status ?? null, code: changes.code ?? null };
}
