import type { RentalDetail, RentalsPage, StaffRentalsPage } from '@numero/contract/rentals';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import { createRent } from './rent.ts';
import { createRentalActions } from './rental-actions.ts';
import { createRentalOffers } from './rental-offers.ts';
import { createRentalTracking, type OnRentalSms } from './rental-tracking.ts';
import { toRentalDetail, toRentalSummary } from './rental-view.ts';
import type { RentalRow } from './rentals.repository.ts';
import type { RentalsDeps } from './rentals-deps.ts';
import './rentals.messages.ts';

/** Rentals: rent, the customer's list and actions, staff's list, and the periodic work. */
export function createRentalsService(deps: RentalsDeps & { onSms?: OnRentalSms }) {
  const { repository, now } = deps;
  const renting = createRent(deps);
  const actions = createRentalActions(deps);
  const tracking = createRentalTracking(deps);

  async function detail(row: RentalRow): Promise<RentalDetail> {
    return toRentalDetail(row, await repository.messages(row.id), await deps.rules.current(), now());
  }

  async function get(userId: string, id: string): Promise<RentalDetail> {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('RENTAL_NOT_FOUND', 404);
    return detail(row);
  }

  async function page(where: SQL, p: { skip: number; limit: number }) {
    const settings = await deps.rules.current();
    const { items, total } = await repository.list(where, p);
    return { items, total, settings, at: now() };
  }

  return {
    quote: renting.quote,
    rentOffers: createRentalOffers(deps),
    rent: renting.rent,
    get,
    /** For the protocol: the rental by its public id, only the key holder's own. */
    findByPublicId: repository.findByPublicId,
    messages: repository.messages,
    async list(userId: string, q: { skip: number; limit: number; status?: string }): Promise<RentalsPage> {
      const where = q.status
        ? sql`r.user_id = ${userId} AND r.status = ${q.status}`
        : sql`r.user_id = ${userId}`;
      const { items, total, settings, at } = await page(where, q);
      return {
        items: items.map((r) => toRentalSummary(r, settings, at)),
        total,
        skip: q.skip,
        limit: q.limit,
      };
    },
    async listForStaff(q: {
      skip: number;
      limit: number;
      status?: string;
      user_id?: string;
    }): Promise<StaffRentalsPage> {
      const parts: SQL[] = [sql`true`];
      if (q.status) parts.push(sql`r.status = ${q.status}`);
      if (q.user_id) parts.push(sql`r.user_id = ${q.user_id}`);
      const { items, total, settings, at } = await page(sql.join(parts, sql` AND `), q);
      return {
        items: items.map((r) => ({
          ...toRentalSummary(r, settings, at),
          user_id: r.userId,
          user_email: r.userEmail,
        })),
        total,
        skip: q.skip,
        limit: q.limit,
      };
    },
    cancel: async (userId: string, id: string) => {
      if (await repository.findOwned(userId, id)) await tracking.refresh(id);
      await actions.cancel(userId, id);
      return get(userId, id);
    },
    finish: async (userId: string, id: string) => actions.finish(userId, id).then(() => get(userId, id)),
    async cancelRow(userId: string, id: string) {
      await tracking.refresh(id);
      return actions.cancel(userId, id);
    },
    finishRow: actions.finish,
    quoteExtension: actions.quoteExtension,
    async extend(
      userId: string,
      id: string,
      input: { hours: number; idempotencyKey: string; expectedPrice?: number },
    ) {
      const { created } = await actions.extend(userId, id, input);
      return { rental: await get(userId, id), created };
    },
    ...tracking,
  };
}
export type RentalsService = ReturnType<typeof createRentalsService>;
