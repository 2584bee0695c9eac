import { sql } from 'drizzle-orm';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import type { RentSms } from '../../providers/numbers/number-provider.ts';
import { pickCode } from './rental-view.ts';
import type { MessageRow, RentalRow } from './rentals.repository.ts';
import type { RentalsDeps } from './rentals-deps.ts';

/** How often an active rental's seller is asked for new SMS. */
export const RENT_POLL_EVERY_MS = 5_000;
/** A rental the seller never answered for (a crash mid-request) is refunded after this. */
const PENDING_TOO_LONG_MS = 5 * 60_000;
/** An extension whose process died before applying it is refunded after this. */
const EXTENSION_TOO_LONG_MS = 2 * 60_000;
const BATCH = 50;

/** Told in the transaction that stores an SMS: the deliveries to the customer's webhook and url. */
export type OnRentalSms = (
  tx: Parameters<Parameters<RentalsDeps['db']['transaction']>[0]>[0],
  row: RentalRow,
  sms: MessageRow,
) => Promise<void>;

/** The periodic work of rentals: new SMS, the end of the refund window, expiry, stale purchases. */
export function createRentalTracking(deps: RentalsDeps & { onSms?: OnRentalSms }) {
  const { db, repository, money, now } = deps;
  const seller = (row: RentalRow) => deps.providers.find((p) => p.name === row.provider)?.rental;

  /** Stores what the seller listed, once each; the first SMS ends the refund window (capture). */
  async function record(id: string, listed: RentSms[]): Promise<number> {
    return db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      if (!row) return 0;
      const at = now();
      let added = 0;
      for (const sms of listed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())) {
        const stored = await repository.insertMessage(
          {
            rentalId: id,
            upstreamSmsId: sms.id,
            sender: sms.from,
            text: sms.text,
            code: pickCode(sms.text),
            receivedAt: sms.receivedAt,
          },
          tx,
        );
        if (!stored) continue;
        added++;
        // Kept even after the rental ended, but only an active rental's SMS is announced.
        if (row.status === 'active') await deps.onSms?.(tx, row, stored);
      }
      const smsCount = row.smsCount + added;
      const next = row.status === 'active' ? new Date(at.getTime() + RENT_POLL_EVERY_MS) : null;
      if (added > 0 && row.status === 'active' && row.settled === null)
        await money.capture(tx, row, at, { smsCount, nextCheckAt: next });
      else await repository.update(id, { smsCount, nextCheckAt: next }, at, tx);
      if (added > 0)
        await deps.events?.record(tx, row.userId, 'rental', {
          id,
          status: row.status,
          sms_count: smsCount,
          sms: added,
        });
      return added;
    });
  }

  /**
   * Asks the seller now for one active rental's SMS and stores any new one: before a cancel, so that an
   * SMS the seller holds but the poller has not read yet closes the refund window as it should.
   * Best effort: a seller that does not answer leaves the store's own record to decide.
   */
  async function refresh(id: string): Promise<void> {
    const row = await repository.find(id);
    const rental = row && seller(row);
    if (row?.status !== 'active' || !row.upstreamId || !rental) return;
    try {
      await record(id, await rental.messages(row.upstreamId));
    } catch (err) {
      deps.log?.warn({ err, rental: id }, 'rental SMS check before cancel failed');
    }
  }

  /** Asks the sellers of due active rentals for their SMS. */
  async function checkDue(): Promise<number> {
    const ids = await repository.idsWhere(sql`status = 'active' AND next_check_at <= ${now()}`, BATCH);
    let added = 0;
    await forEachLimited(ids, 4, async (id) => {
      const row = await repository.find(id);
      const rental = row && seller(row);
      if (!row?.upstreamId || !rental) return;
      try {
        added += await record(id, await rental.messages(row.upstreamId));
      } catch (err) {
        deps.log?.warn({ err, rental: id }, 'rental SMS check failed');
        await db.transaction(async (tx) =>
          repository.update(id, { nextCheckAt: new Date(now().getTime() + RENT_POLL_EVERY_MS) }, now(), tx),
        );
      }
    });
    return added;
  }

  /** The refund window closed with no SMS: the rental's price leaves escrow for revenue. */
  async function settleWindow(): Promise<number> {
    const { cancel_window_minutes } = await deps.rules.current();
    const before = new Date(now().getTime() - cancel_window_minutes * 60_000);
    const ids = await repository.idsWhere(
      sql`status = 'active' AND settled IS NULL AND started_at <= ${before}`,
      BATCH,
    );
    for (const id of ids)
      await db.transaction(async (tx) => {
        const row = await repository.lock(id, tx);
        if (row?.status === 'active' && row.settled === null) await money.capture(tx, row, now());
      });
    return ids.length;
  }

  /** Rentals past their end: expired, their price kept; the seller told after the commit. */
  async function expireDue(): Promise<number> {
    const ids = await repository.idsWhere(sql`status = 'active' AND ends_at <= ${now()}`, BATCH);
    let expired = 0;
    for (const id of ids) {
      const row = await db.transaction(async (tx) => {
        const r = await repository.lock(id, tx);
        const at = now();
        if (r?.status !== 'active' || !r.endsAt || r.endsAt > at) return null;
        const extensions = await repository.extensions(id, tx);
        // An extension paid and being asked of the seller wins over expiry; one left by a crash is refunded.
        const pending = extensions.filter((e) => e.status === 'pending');
        if (pending.some((e) => at.getTime() - e.createdAt.getTime() < EXTENSION_TOO_LONG_MS)) return null;
        for (const e of pending) await money.settleExtension(tx, r, e, 'refund');
        const changes = { status: 'expired' as const, endedAt: at, nextCheckAt: null };
        if (r.settled === null) await money.capture(tx, r, at, changes);
        else await repository.update(id, changes, at, tx);
        await deps.events?.record(tx, r.userId, 'rental', { id, status: 'expired', sms_count: r.smsCount });
        return r;
      });
      if (!row) continue;
      expired++;
      await seller(row)
        ?.finish(row.upstreamId!)
        .catch(() => undefined);
    }
    return expired;
  }

  /** Rentals a crash left pending (charged, never assigned): refunded. */
  async function recoverPending(): Promise<number> {
    const before = new Date(now().getTime() - PENDING_TOO_LONG_MS);
    const ids = await repository.idsWhere(sql`status = 'pending' AND created_at <= ${before}`, BATCH);
    for (const id of ids)
      await db.transaction(async (tx) => {
        const row = await repository.lock(id, tx);
        if (row?.status === 'pending')
          await money.refund(tx, row, now(), { status: 'failed', failureCode: 'INTERRUPTED' });
      });
    return ids.length;
  }

  return { record, refresh, checkDue, settleWindow, expireDue, recoverPending };
}
export type RentalTracking = ReturnType<typeof createRentalTracking>;
