import { randomUUID } from 'node:crypto';
import type { ExtensionQuote } from '@numero/contract/rentals';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import { rentalPrice } from './rental-rules.ts';
import { refundableUntil } from './rental-view.ts';
import type { RentalRow } from './rentals.repository.ts';
import type { RentalsDeps } from './rentals-deps.ts';

const HOUR = 3_600_000;

/** What the customer (or their bot) does to a rental of theirs: cancel, finish, extend. */
export function createRentalActions(deps: RentalsDeps) {
  const { db, repository, money, now } = deps;

  const seller = (row: RentalRow) => deps.providers.find((p) => p.name === row.provider)?.rental;

  /** The seller told after the commit, best effort: the store's record and money are already final. */
  async function tellSeller(row: RentalRow, what: 'cancel' | 'finish') {
    if (!row.upstreamId) return;
    try {
      await seller(row)?.[what](row.upstreamId);
    } catch (err) {
      deps.log?.warn({ err, rental: row.id }, `rental ${what} not confirmed by the seller`);
    }
  }

  async function owned(userId: string, id: string, tx: Tx): Promise<RentalRow> {
    const row = await repository.lock(id, tx);
    if (!row || row.userId !== userId) throw new AppError('RENTAL_NOT_FOUND', 404);
    return row;
  }

  const event = (tx: Tx, row: RentalRow, status: string) =>
    deps.events?.record(tx, row.userId, 'rental', { id: row.id, status, sms_count: row.smsCount });

  const audit = (
    tx: Tx,
    row: RentalRow,
    action: 'CANCEL_RENTAL' | 'FINISH_RENTAL' | 'EXTEND_RENTAL',
    after: object,
  ) =>
    deps.audit?.record(
      {
        action,
        actor: { id: row.userId, email: null },
        entityType: 'rentals',
        entityId: row.id,
        // The currency names the amounts' money in the staff's audit log.
        after: { ...after, currency: row.currency },
      },
      tx,
    );

  /** Full refund, only inside the window and before any SMS; the row lock orders it against an arriving SMS. */
  async function cancel(userId: string, id: string): Promise<RentalRow> {
    const at = now();
    const settings = await deps.rules.current();
    const row = await db.transaction(async (tx) => {
      const r = await owned(userId, id, tx);
      if (r.status === 'cancelled') throw new AppError('RENTAL_ALREADY_CANCELLED', 409);
      if (r.status !== 'active') throw new AppError('RENTAL_CLOSED', 409);
      if (r.smsCount > 0) throw new AppError('RENTAL_HAS_SMS', 409);
      const until = refundableUntil(r, settings);
      if (!until || until <= at) throw new AppError('RENTAL_CANCEL_WINDOW_OVER', 409);
      await money.refund(tx, r, at, { status: 'cancelled', endedAt: at, nextCheckAt: null });
      await audit(tx, r, 'CANCEL_RENTAL', { refunded: r.totalPaid });
      await event(tx, r, 'cancelled');
      return r;
    });
    await tellSeller(row, 'cancel');
    return row;
  }

  /** Ends the rental now; what was paid is kept (captured now if the window was still open). */
  async function finish(userId: string, id: string): Promise<RentalRow> {
    const at = now();
    const row = await db.transaction(async (tx) => {
      const r = await owned(userId, id, tx);
      if (r.status === 'finished') throw new AppError('RENTAL_ALREADY_FINISHED', 409);
      if (r.status !== 'active') throw new AppError('RENTAL_CLOSED', 409);
      const changes = { status: 'finished' as const, endedAt: at, nextCheckAt: null };
      if (r.settled === null) await money.capture(tx, r, at, changes);
      else await repository.update(r.id, changes, at, tx);
      await audit(tx, r, 'FINISH_RENTAL', { paid: r.totalPaid });
      await event(tx, r, 'finished');
      return r;
    });
    await tellSeller(row, 'finish');
    return row;
  }

  async function priceOf(row: RentalRow, hours: number): Promise<number> {
    const product = await deps.catalog.findProduct(row.productId);
    const base = product ? (row.currency === 'BRL' ? product.priceBrl : product.priceUsd) : 0;
    const price = base > 0 ? rentalPrice(base, hours, await deps.rules.current()) : null;
    const rental = seller(row);
    if (rental && !rental.extend) throw new AppError('RENTAL_NOT_EXTENDABLE', 422);
    if (!price || !rental?.hours.includes(hours)) throw new AppError('RENTAL_BAD_DURATION', 422);
    return price;
  }

  /** What adding `hours` costs now, shown before the customer confirms. */
  async function quoteExtension(userId: string, id: string, hours: number): Promise<ExtensionQuote> {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('RENTAL_NOT_FOUND', 404);
    if (row.status !== 'active' || !row.endsAt || row.endsAt <= now())
      throw new AppError('RENTAL_CLOSED', 409);
    const price = await priceOf(row, hours);
    return {
      hours,
      price,
      currency: row.currency,
      ends_at_after: new Date(row.endsAt.getTime() + hours * HOUR).toISOString(),
    };
  }

  /**
   * One extension, charged once per key: wallet → escrow with the extension row, the seller asked
   * outside the transaction, then applied (or refunded) under the rental's lock. Two extensions at once
   * queue on that lock and both apply; expiry skips a rental while an extension is pending.
   */
  async function extend(
    userId: string,
    id: string,
    input: { hours: number; idempotencyKey: string; expectedPrice?: number },
  ): Promise<{ row: RentalRow; created: boolean }> {
    const before = await repository.findOwned(userId, id);
    if (!before) throw new AppError('RENTAL_NOT_FOUND', 404);
    const price = await priceOf(before, input.hours);
    if (input.expectedPrice !== undefined && input.expectedPrice !== price)
      throw new AppError('RENTAL_PRICE_CHANGED', 409, { price: String(price) });
    const extensionId = randomUUID();
    const started = await db.transaction(async (tx) => {
      const r = await owned(userId, id, tx);
      const seen = (await repository.extensions(id, tx)).find(
        (e) => e.idempotencyKey === input.idempotencyKey,
      );
      if (seen) return { r, created: false };
      if (r.status !== 'active' || !r.endsAt || r.endsAt <= now()) throw new AppError('RENTAL_CLOSED', 409);
      const e = {
        id: extensionId,
        rentalId: id,
        idempotencyKey: input.idempotencyKey,
        hours: input.hours,
        price,
        createdAt: now(),
      };
      await repository.insertExtension(e, tx);
      await audit(tx, r, 'EXTEND_RENTAL', { hours: input.hours, price });
      await money.chargeExtension(tx, r, e);
      return { r, created: true };
    });
    if (!started.created) return { row: (await repository.find(id))!, created: false };

    let endsAt: Date | null = null;
    try {
      const extendUpstream = seller(started.r)?.extend;
      if (!extendUpstream) throw new UpstreamError('UNAVAILABLE', 'the seller no longer extends rentals');
      await extendUpstream(started.r.upstreamId!, input.hours);
      endsAt = new Date(started.r.endsAt!.getTime() + input.hours * HOUR);
    } catch (err) {
      if (!(err instanceof UpstreamError)) deps.log?.warn({ err, rental: id }, 'rental extension failed');
    }
    await applyExtension(id, extensionId, endsAt !== null);
    const row = (await repository.find(id))!;
    const ext = (await repository.extensions(id)).find((e) => e.id === extensionId);
    if (ext?.status === 'refunded') throw new AppError('RENTAL_EXTEND_FAILED', 409);
    return { row, created: true };
  }

  /** Under the lock: the extension's hours added to the end now (not to a stale copy), or its refund. */
  async function applyExtension(rentalId: string, extensionId: string, sellerAgreed: boolean) {
    await db.transaction(async (tx) => {
      const r = (await repository.lock(rentalId, tx))!;
      const e = (await repository.extensions(rentalId, tx)).find((x) => x.id === extensionId);
      if (e?.status !== 'pending') return;
      const at = now();
      if (!sellerAgreed || r.status !== 'active' || r.settled === 'refunded') {
        await money.settleExtension(tx, r, e, 'refund');
        return;
      }
      await repository.update(r.id, { endsAt: new Date(r.endsAt!.getTime() + e.hours * HOUR) }, at, tx);
      await repository.updateExtension(e.id, { status: 'applied' }, tx);
      if (r.settled === 'captured')
        await money.settleExtension(tx, r, { ...e, status: 'applied' }, 'capture');
      await event(tx, r, r.status);
    });
  }

  return { cancel, finish, extend, quoteExtension, applyExtension };
}
export type RentalActions = ReturnType<typeof createRentalActions>;
