import { ACTIVATION_STATUSES } from '@numero/contract/activations';
import {
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type DashboardStats,
  type OrderStats,
  type ProductStats,
  type RevenueStats,
  ROLES,
} from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
import type { Lang } from '../../http/lang.ts';
import type { AdminRepository, AuditRow } from './admin.repository.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
export const RECENT_ACTIVITY_SIZE = 5;
export const RECENT_PRODUCTS_SIZE = 5;
export const RECENT_ORDERS_SIZE = 10;

export function toAuditEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    created_at: r.createdAt,
    user_id: r.actorId,
    user_email: r.actorEmail,
    target_email: r.targetEmail,
    ip: r.ip,
    before: r.before,
    after: r.after,
  };
}

const average = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : 0);

/** The staff dashboard's figures and the audit log (read only). */
export function createAdminStatsService({
  repository,
  now,
}: {
  repository: Pick<
    AdminRepository,
    | 'dashboardCounts'
    | 'productCounts'
    | 'latestProducts'
    | 'orderCounts'
    | 'latestOrders'
    | 'revenue'
    | 'listAudit'
  >;
  now: () => Date;
}) {
  const ago = (ms: number) => new Date(now().getTime() - ms);

  return {
    async dashboard(callerRole: Role): Promise<DashboardStats> {
      const [c, activity] = await Promise.all([
        repository.dashboardCounts(ago(DAY)),
        repository.listAudit({ skip: 0, limit: RECENT_ACTIVITY_SIZE }),
      ]);
      return {
        total_users: c.totalUsers,
        active_users: c.activeUsers,
        // Every role is present, with 0 when nobody holds it, so the screen never meets a missing key.
        users_by_role: Object.fromEntries(ROLES.map((r) => [r, c.usersByRole[r] ?? 0])) as Record<
          Role,
          number
        >,
        total_products: c.totalProducts,
        active_products: c.activeProducts,
        total_categories: c.totalCategories,
        total_orders: c.totalOrders,
        total_revenue_cents: c.revenueBrl,
        total_revenue_usd_cents: c.revenueUsd,
        recent_orders: c.recentOrders,
        recent_audit_logs_count: c.recentAuditLogs,
        current_user_role: callerRole,
        recent_activity: activity.items.map((r) => ({
          action: r.action,
          entity_type: r.entityType,
          created_at: r.createdAt,
          user_id: r.actorId,
          user_email: r.actorEmail,
        })),
      };
    },

    async products(lang: Lang): Promise<ProductStats> {
      const [c, latest] = await Promise.all([
        repository.productCounts(),
        repository.latestProducts(RECENT_PRODUCTS_SIZE),
      ]);
      return {
        total_products: c.total,
        active_products: c.active,
        inactive_products: c.total - c.active,
        products_by_category: c.byCategory,
        recent_products: latest.map((p) => ({
          id: p.id,
          name: `${p.serviceName} · ${lang === 'en' ? p.countryEn : p.countryPt}`,
          price_base_cents: p.priceBrl,
          is_active: p.isActive,
          created_at: p.createdAt,
        })),
      };
    },

    async orders(): Promise<OrderStats> {
      const [c, latest] = await Promise.all([
        repository.orderCounts(ago(DAY)),
        repository.latestOrders(RECENT_ORDERS_SIZE),
      ]);
      return {
        total_orders: c.total,
        orders_by_status: Object.fromEntries(ACTIVATION_STATUSES.map((s) => [s, c.byStatus[s] ?? 0])),
        recent_orders_count: c.recent,
        avg_order_value_cents: c.avgBrl,
        avg_order_value_usd_cents: c.avgUsd,
        recent_orders: latest.map((o) => ({
          id: o.id,
          user_id: o.userId,
          // Base amounts are BRL: an order paid in dollars has none, and is never converted.
          total_amount_base_cents: o.currency === 'BRL' ? o.price : null,
          currency: o.currency,
          total_amount_cents: o.price,
          status: o.status,
          created_at: o.createdAt,
        })),
      };
    },

    async revenue(): Promise<RevenueStats> {
      const r = await repository.revenue({ month: ago(30 * DAY), week: ago(7 * DAY), day: ago(DAY) });
      return {
        total_revenue_cents: r.BRL.total,
        monthly_revenue_cents: r.BRL.month,
        weekly_revenue_cents: r.BRL.week,
        daily_revenue_cents: r.BRL.day,
        paid_transactions: r.BRL.paid,
        avg_transaction_value_cents: average(r.BRL.paidSum, r.BRL.paid),
        total_revenue_usd_cents: r.USD.total,
        monthly_revenue_usd_cents: r.USD.month,
        weekly_revenue_usd_cents: r.USD.week,
        daily_revenue_usd_cents: r.USD.day,
        paid_transactions_usd: r.USD.paid,
        avg_transaction_value_usd_cents: average(r.USD.paidSum, r.USD.paid),
      };
    },

    async audit(query: AuditQuery): Promise<AuditPage> {
      const page = await repository.listAudit(query);
      return { items: page.items.map(toAuditEntry), total: page.total, skip: query.skip, limit: query.limit };
    },
  };
}
export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
