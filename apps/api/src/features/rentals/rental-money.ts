import type { Tx } from '../../db/client.ts';
import { flows, type LedgerService } from '../ledger/ledger.service.ts';
import type { ExtensionRow, RentalChanges, RentalRow, RentalsRepository } from './rentals.repository.ts';

/** Every transfer of a rental carries it; the ledger allows one capture or refund per reference (0031). */
export const rentalReference = (id: string) => `rental:${id}`;
export const extensionReference = (id: string) => `rental-extension:${id}`;

const label = (row: RentalRow) => `Locação ${row.serviceName} · ${row.countryCode} (${row.hours} h)`;

/**
 * The money of rentals. Every function here runs on a rental row locked FOR UPDATE in the caller's
 * transaction, so a second path reaching it (an SMS against a cancel, an extension against expiry) sees
 * what the first one did and moves nothing.
 */
export function createRentalMoney(deps: {
  ledger: Pick<LedgerService, 'transfer'>;
  repository: RentalsRepository;
}) {
  const { ledger, repository } = deps;

  const charge = (
    tx: Tx,
    row: Pick<RentalRow, 'userId' | 'currency'>,
    key: string,
    ref: string,
    amount: number,
    description: string,
  ) =>
    ledger.transfer(tx, {
      idempotencyKey: key,
      kind: 'purchase',
      currency: row.currency,
      userId: row.userId,
      description,
      reference: ref,
      legs: flows.purchase(row.userId, amount),
    });

  async function settleExtension(tx: Tx, row: RentalRow, e: ExtensionRow, kind: 'capture' | 'refund') {
    if (e.settled !== null) return;
    await ledger.transfer(tx, {
      idempotencyKey: `${extensionReference(e.id)}:${kind}`,
      kind,
      currency: row.currency,
      userId: row.userId,
      description: `${label(row)} · +${e.hours} h`,
      reference: extensionReference(e.id),
      legs: kind === 'capture' ? flows.capture(e.price) : flows.refund(row.userId, e.price),
    });
    await repository.updateExtension(
      e.id,
      kind === 'capture' ? { settled: 'captured' } : { status: 'refunded', settled: 'refunded' },
      tx,
    );
  }

  return {
    /** Wallet → escrow for a new rental, in the transaction that inserts it. */
    chargeRental: (
      tx: Tx,
      row: Pick<RentalRow, 'id' | 'userId' | 'currency' | 'price'>,
      description: string,
    ) => charge(tx, row, `rental:${row.id}:rent`, rentalReference(row.id), row.price, description),

    /** Wallet → escrow for an extension, in the transaction that inserts it. */
    chargeExtension: (tx: Tx, row: RentalRow, e: Pick<ExtensionRow, 'id' | 'price' | 'hours'>) =>
      charge(
        tx,
        row,
        `${extensionReference(e.id)}:charge`,
        extensionReference(e.id),
        e.price,
        `${label(row)} · +${e.hours} h`,
      ),

    /**
     * Escrow → revenue for the rental and every extension applied so far: the refund window is over (an
     * SMS came, the window closed, or the customer finished). Extensions still pending are captured
     * when they are applied.
     */
    async capture(tx: Tx, row: RentalRow, at: Date, changes: RentalChanges = {}): Promise<void> {
      if (row.settled !== null) return;
      await ledger.transfer(tx, {
        idempotencyKey: `${rentalReference(row.id)}:capture`,
        kind: 'capture',
        currency: row.currency,
        userId: row.userId,
        description: label(row),
        reference: rentalReference(row.id),
        legs: flows.capture(row.price),
      });
      // One statement with the status: the table's checks tie a status to how its price was settled.
      await repository.update(row.id, { ...changes, settled: 'captured', settledAt: at }, at, tx);
      for (const e of await repository.extensions(row.id, tx))
        if (e.status === 'applied') await settleExtension(tx, row, e, 'capture');
      row.settled = 'captured';
    },

    /** Escrow → wallet for the rental and all its extensions, pending ones included (they find it refunded). */
    async refund(tx: Tx, row: RentalRow, at: Date, changes: RentalChanges = {}): Promise<void> {
      if (row.settled !== null) return;
      await ledger.transfer(tx, {
        idempotencyKey: `${rentalReference(row.id)}:refund`,
        kind: 'refund',
        currency: row.currency,
        userId: row.userId,
        description: label(row),
        reference: rentalReference(row.id),
        legs: flows.refund(row.userId, row.price),
      });
      await repository.update(row.id, { ...changes, settled: 'refunded', settledAt: at }, at, tx);
      for (const e of await repository.extensions(row.id, tx)) await settleExtension(tx, row, e, 'refund');
      row.settled = 'refunded';
    },

    settleExtension,
  };
}
export type RentalMoney = ReturnType<typeof createRentalMoney>;
