import type { Role } from '@numero/contract/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern, queryRows } from '../../db/sql.ts';

/*
 * Read-only reporting over users, the catalogue, activations, the ledger and the audit log. Every figure
 * comes from an aggregate statement (a handful per screen, whatever the data size); nothing here writes.
 * Timestamps are passed in from the app's clock so "the last 24 hours" means the same thing everywhere.
 */

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const int = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : iso(v));

export interface AdminUserRow {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  lastLoginAt: string | null;
  isActive: boolean;
  preferredCurrency: 'BRL' | 'USD' | 'EUR';
  preferredLanguage: 'pt-BR' | 'en-US' | 'es';
  balanceBrl: number;
  fullName: string | null;
  phoneNumber: string | null;
}

export interface AuditRow {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  createdAt: string;
  actorId: string | null;
  actorEmail: string | null;
  targetEmail: string | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: 'active' | 'inactive';
}

function userConditions(f: UserFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(sql`(u.email ILIKE ${p} OR u.full_name ILIKE ${p})`);
  }
  if (f.role) parts.push(sql`u.role = ${f.role}`);
  if (f.status) parts.push(f.status === 'active' ? sql`u.is_active` : sql`NOT u.is_active`);
  return sql.join(parts, sql` AND `);
}

const userColumns = sql`
  u.id, u.email, u.role, u.created_at, u.last_login_at, u.is_active, u.preferred_currency,
  u.preferred_language, u.full_name, u.phone_number, coalesce(w.balance, 0) AS balance_brl`;
const walletJoin = sql`LEFT JOIN ledger_accounts w ON w.kind = 'wallet' AND w.user_id = u.id AND w.currency = 'BRL'`;

function toUserRow(r: Record<string, unknown>): AdminUserRow {
  return {
    id: String(r.id),
    email: String(r.email),
    role: r.role as Role,
    createdAt: iso(r.created_at),
    lastLoginAt: isoOrNull(r.last_login_at),
    isActive: Boolean(r.is_active),
    preferredCurrency: r.preferred_currency as AdminUserRow['preferredCurrency'],
    preferredLanguage: r.preferred_language as AdminUserRow['preferredLanguage'],
    balanceBrl: int(r.balance_brl),
    fullName: (r.full_name as string | null) ?? null,
    phoneNumber: (r.phone_number as string | null) ?? null,
  };
}

/** jsonb arrives parsed from both drivers; a scalar stored by mistake is not an object to show. */
const asObject = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export function createAdminRepository(db: Executor) {
  return {
    /** The dashboard's counters in one round trip. */
    async dashboardCounts(since: Date) {
      const [row] = await queryRows(
        db,
        sql`SELECT
          (SELECT count(*) FROM users)::int AS total_users,
          (SELECT count(*) FROM users WHERE is_active)::int AS active_users,
          (SELECT coalesce(json_object_agg(role, n), '{}'::json)
             FROM (SELECT role, count(*)::int AS n FROM users GROUP BY role) r) AS users_by_role,
          (SELECT count(*) FROM products)::int AS total_products,
          (SELECT count(*) FROM products WHERE is_active)::int AS active_products,
          (SELECT count(*) FROM categories)::int AS total_categories,
          (SELECT count(*) FROM activations)::int AS total_orders,
          (SELECT count(*) FROM activations WHERE created_at >= ${ts(since)})::int AS recent_orders,
          (SELECT count(*) FROM audit_logs WHERE created_at >= ${ts(since)})::int AS recent_audit_logs,
          (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE kind = 'revenue' AND currency = 'BRL')::bigint AS revenue_brl,
          (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE kind = 'revenue' AND currency = 'USD')::bigint AS revenue_usd`,
      );
      const r = row!;
      const byRole = (
        typeof r.users_by_role === 'string' ? JSON.parse(r.users_by_role) : r.users_by_role
      ) as Record<string, number> | null;
      return {
        totalUsers: int(r.total_users),
        activeUsers: int(r.active_users),
        usersByRole: byRole ?? {},
        totalProducts: int(r.total_products),
        activeProducts: int(r.active_products),
        totalCategories: int(r.total_categories),
        totalOrders: int(r.total_orders),
        recentOrders: int(r.recent_orders),
        recentAuditLogs: int(r.recent_audit_logs),
        revenueBrl: int(r.revenue_brl),
        revenueUsd: int(r.revenue_usd),
      };
    },

    async productCounts() {
      const [counts, byCategory] = await Promise.all([
        queryRows(
          db,
          sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active FROM products`,
        ),
        queryRows(
          db,
          sql`SELECT c.slug, count(p.id)::int AS n
              FROM categories c
              LEFT JOIN services s ON s.category_id = c.id
              LEFT JOIN products p ON p.service_code = s.code
              GROUP BY c.id ORDER BY c.sort_order, c.slug`,
        ),
      ]);
      return {
        total: int(counts[0]?.total),
        active: int(counts[0]?.active),
        byCategory: Object.fromEntries(byCategory.map((r) => [String(r.slug), int(r.n)])),
      };
    },

    async latestProducts(limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT p.id, s.name AS service_name, co.name_pt, co.name_en, p.price_brl, p.is_active, p.created_at
            FROM products p
            JOIN services s ON s.code = p.service_code
            JOIN countries co ON co.code = p.country_code
            ORDER BY p.created_at DESC, p.id DESC
            LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        id: int(r.id),
        serviceName: String(r.service_name),
        countryPt: String(r.name_pt),
        countryEn: String(r.name_en),
        priceBrl: int(r.price_brl),
        isActive: Boolean(r.is_active),
        createdAt: iso(r.created_at),
      }));
    },

    async orderCounts(since: Date) {
      const [counts, byStatus] = await Promise.all([
        queryRows(
          db,
          sql`SELECT count(*)::int AS total,
                count(*) FILTER (WHERE created_at >= ${ts(since)})::int AS recent,
                coalesce(round(avg(price) FILTER (WHERE currency = 'BRL')), 0)::bigint AS avg_brl,
                coalesce(round(avg(price) FILTER (WHERE currency = 'USD')), 0)::bigint AS avg_usd
              FROM activations`,
        ),
        queryRows(db, sql`SELECT status, count(*)::int AS n FROM activations GROUP BY status`),
      ]);
      return {
        total: int(counts[0]?.total),
        recent: int(counts[0]?.recent),
        avgBrl: int(counts[0]?.avg_brl),
        avgUsd: int(counts[0]?.avg_usd),
        byStatus: Object.fromEntries(byStatus.map((r) => [String(r.status), int(r.n)])),
      };
    },

    async latestOrders(limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT id, user_id, currency, price, status, created_at
            FROM activations ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.user_id),
        currency: r.currency as 'BRL' | 'USD',
        price: int(r.price),
        status: String(r.status),
        createdAt: iso(r.created_at),
      }));
    },

    /**
     * Money that reached the revenue accounts, per currency: in total and since each of `windows`. A paid
     * transaction is an entry into revenue (a capture); corrections out of revenue lower the sums only.
     */
    async revenue(windows: { month: Date; week: Date; day: Date }) {
      const rows = await queryRows(
        db,
        sql`SELECT a.currency,
              coalesce(sum(e.amount), 0)::bigint AS total,
              coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${ts(windows.month)}), 0)::bigint AS month,
              coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${ts(windows.week)}), 0)::bigint AS week,
              coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${ts(windows.day)}), 0)::bigint AS day,
              count(*) FILTER (WHERE e.amount > 0)::int AS paid,
              coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::bigint AS paid_sum
            FROM ledger_accounts a
            JOIN ledger_entries e ON e.account_id = a.id
            WHERE a.kind = 'revenue'
            GROUP BY a.currency`,
      );
      const of = (currency: 'BRL' | 'USD') => {
        const r = rows.find((x) => x.currency === currency);
        return {
          total: int(r?.total),
          month: int(r?.month),
          week: int(r?.week),
          day: int(r?.day),
          paid: int(r?.paid),
          paidSum: int(r?.paid_sum),
        };
      };
      return { BRL: of('BRL'), USD: of('USD') };
    },

    /** Users matching the filters, newest first, each with the balance of their BRL wallet. */
    async listUsers(filters: UserFilters, skip: number, limit: number) {
      const where = userConditions(filters);
      const [rows, counts] = await Promise.all([
        queryRows(
          db,
          sql`SELECT ${userColumns} FROM users u ${walletJoin}
              WHERE ${where}
              ORDER BY u.created_at DESC, u.id DESC
              OFFSET ${skip} LIMIT ${limit}`,
        ),
        queryRows(db, sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`),
      ]);
      return { items: rows.map(toUserRow), total: int(counts[0]?.n) };
    },

    async findUser(id: string, ex: Executor = db): Promise<AdminUserRow | undefined> {
      const [row] = await queryRows(
        ex,
        sql`SELECT ${userColumns} FROM users u ${walletJoin} WHERE u.id = ${id}`,
      );
      return row ? toUserRow(row) : undefined;
    },

    async userCounts() {
      const [r] = await queryRows(
        db,
        sql`SELECT count(*)::int AS total,
              count(*) FILTER (WHERE is_active)::int AS active,
              count(*) FILTER (WHERE NOT is_active)::int AS inactive,
              count(*) FILTER (WHERE role = 'ADMIN')::int AS administrators
            FROM users`,
      );
      return {
        total: int(r?.total),
        active: int(r?.active),
        inactive: int(r?.inactive),
        administrators: int(r?.administrators),
      };
    },

    /**
     * The audit log, newest first. For entries about a user account, that account's email is looked up
     * for the page's rows only (the lateral join runs after the LIMIT).
     */
    async listAudit(opts: { skip: number; limit: number; action?: string }) {
      const where = opts.action ? sql`WHERE action = ${opts.action}` : sql``;
      const [rows, counts] = await Promise.all([
        queryRows(
          db,
          sql`SELECT a.*, t.email AS target_email
              FROM (
                SELECT id, action, entity_type, entity_id, created_at, actor_id, actor_email, ip, before, after
                FROM audit_logs ${where}
                ORDER BY created_at DESC, id DESC
                OFFSET ${opts.skip} LIMIT ${opts.limit}
              ) a
              LEFT JOIN LATERAL (
                SELECT email FROM users
                WHERE id = CASE
                  WHEN a.entity_type = 'users'
                    AND a.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                  THEN a.entity_id::uuid
                END
              ) t ON true
              ORDER BY a.created_at DESC, a.id DESC`,
        ),
        queryRows(db, sql`SELECT count(*)::int AS n FROM audit_logs ${where}`),
      ]);
      const items: AuditRow[] = rows.map((r) => ({
        id: int(r.id),
        action: String(r.action),
        entityType: String(r.entity_type),
        entityId: (r.entity_id as string | null) ?? null,
        createdAt: iso(r.created_at),
        actorId: (r.actor_id as string | null) ?? null,
        actorEmail: (r.actor_email as string | null) ?? null,
        targetEmail: (r.target_email as string | null) ?? null,
        ip: (r.ip as string | null) ?? null,
        before: asObject(r.before),
        after: asObject(r.after),
      }));
      return { items, total: int(counts[0]?.n) };
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
