import type { AdminOrder, AdminOrdersQuery, AdminOrdersSummary } from '@numero/contract/activations';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/lang.ts';
import { ordersCsv } from './orders-csv.ts';
import type { createStaffActions } from './staff-actions.ts';
import type { OrderFilter, StaffOrderRow, StaffOrdersRepository } from './staff-orders.repository.ts';

/** The export reads in pages of this size and stops at EXPORT_MAX_ROWS (a spreadsheet's worth). */
const EXPORT_PAGE = 1_000;
const EXPORT_MAX_ROWS = 50_000;

const iso = (d: Date | string) => new Date(d).toISOString();

function toAdminOrder(r: StaffOrderRow, lang: Lang): AdminOrder {
  return {
    id: r.id,
    user_id: r.userId,
    user_name: r.userName,
    user_email: r.userEmail,
    service_code: r.serviceCode,
    service_name: r.serviceName,
    country_code: r.countryCode,
    country_name: lang === 'en' ? r.countryNameEn : r.countryNamePt,
    phone_number: r.phoneNumber,
    code: r.code,
    status: r.status,
    payment_status: r.paymentStatus,
    price: Number(r.price),
    currency: r.currency,
    // The same states the activations service accepts for a staff cancel or finish.
    can_cancel: r.status === 'pending' || r.status === 'waiting_sms',
    can_finish: r.status === 'code_received',
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    expires_at: r.expiresAt ? iso(r.expiresAt) : null,
  };
}

/** Staff view of every customer's activations: list, summary, CSV export, cancel with refund, finish. */
export function createStaffOrdersService(deps: {
  repository: StaffOrdersRepository;
  staff: ReturnType<typeof createStaffActions>;
  now: () => Date;
}) {
  const { repository, staff, now } = deps;

  async function getOrder(id: string, lang: Lang): Promise<AdminOrder> {
    const row = await repository.findStaffOrder(id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return toAdminOrder(row, lang);
  }

  return {
    async listOrders(query: AdminOrdersQuery, lang: Lang) {
      const { items, total } = await repository.listStaffOrders(query);
      return { items: items.map((r) => toAdminOrder(r, lang)), total };
    },

    ordersSummary: (): Promise<AdminOrdersSummary> =>
      repository.staffOrdersSummary(new Date(now().getTime() - 24 * 60 * 60_000)),

    /** The filtered list as CSV, newest first, at most EXPORT_MAX_ROWS rows. */
    async exportOrders(filter: OrderFilter, lang: Lang): Promise<string> {
      const rows: AdminOrder[] = [];
      for (let skip = 0; skip < EXPORT_MAX_ROWS; skip += EXPORT_PAGE) {
        const { items } = await repository.listStaffOrders({ ...filter, skip, limit: EXPORT_PAGE });
        rows.push(...items.map((r) => toAdminOrder(r, lang)));
        if (items.length < EXPORT_PAGE) break;
      }
      return ordersCsv(rows, lang);
    },

    /** Refunds the customer through the staff actions: the money rules live in the settlement only. */
    async cancelOrder(id: string, actor: Actor, lang: Lang): Promise<AdminOrder> {
      await staff.adminCancel(id, actor);
      return getOrder(id, lang);
    },

    async finishOrder(id: string, actor: Actor, lang: Lang): Promise<AdminOrder> {
      await staff.adminFinish(id, actor);
      return getOrder(id, lang);
    },
  };
}
export type StaffOrdersService = ReturnType<typeof createStaffOrdersService>;
