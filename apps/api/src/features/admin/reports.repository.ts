import type { ReportPeriod } from '@numero/contract/admin-reports';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

/** Read-only aggregates for the reports screen, over [from, to) in UTC. */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const int = (v: unknown) => Number(v ?? 0);
/** A rental's transfers carry `rental:<id>`, an extension's `rental-extension:<id>` (rental-money.ts). */
const RENTAL_TRANSFER = sql.raw(`(t.reference LIKE 'rental:%' OR t.reference LIKE 'rental-extension:%')`);

export function createReportsRepository(db: Executor) {
  /** `date_trunc` with the unit as a literal (it cannot be a bound parameter in every driver). */
  const trunc = (period: ReportPeriod, column: ReturnType<typeof sql.raw>) =>
    sql`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

  return {
    /** Money into revenue per bucket and currency, and the part of it that rentals brought. */
    async revenueBuckets(period: ReportPeriod, from: Date, to: Date) {
      const rows = await queryRows(
        db,
        sql`SELECT ${trunc(period, sql.raw('e.created_at'))} AS bucket, a.currency, sum(e.amount)::bigint AS amount,
                   coalesce(sum(e.amount) FILTER (WHERE ${RENTAL_TRANSFER}), 0)::bigint AS rentals
              FROM ledger_entries e
              JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'revenue'
              JOIN ledger_transfers t ON t.id = e.transfer_id
             WHERE e.created_at >= ${ts(from)} AND e.created_at < ${ts(to)}
             GROUP BY 1, 2`,
      );
      return rows.map((r) => ({
        bucket: String(r.bucket),
        currency: String(r.currency),
        amount: int(r.amount),
        rentals: int(r.rentals),
      }));
    },

    /** Activations ordered and rentals started, per bucket. */
    async orderBuckets(period: ReportPeriod, from: Date, to: Date) {
      const count = (table: 'activations' | 'rentals') =>
        queryRows(
          db,
          sql`SELECT ${trunc(period, sql.raw('created_at'))} AS bucket, count(*)::int AS n FROM ${sql.raw(table)}
               WHERE created_at >= ${ts(from)} AND created_at < ${ts(to)} GROUP BY 1`,
        );
      const [orders, rentals] = await Promise.all([count('activations'), count('rentals')]);
      const rows = (list: Record<string, unknown>[]) =>
        list.map((r) => ({ bucket: String(r.bucket), n: int(r.n) }));
      return { orders: rows(orders), rentals: rows(rentals) };
    },

    /** Orders of the range grouped by service or by country, most ordered first. */
    async top(by: 'service' | 'country', from: Date, to: Date, limit: number) {
      const rows = await queryRows(
        db,
        by === 'service'
          ? sql`SELECT a.service_code AS code, s.name AS name, count(*)::int AS orders,
                  count(*) FILTER (WHERE a.settled = 'captured')::int AS captured,
                  coalesce(sum(a.price) FILTER (WHERE a.settled = 'captured' AND a.currency = 'BRL'), 0)::bigint AS brl,
                  coalesce(sum(a.price) FILTER (WHERE a.settled = 'captured' AND a.currency = 'USD'), 0)::bigint AS usd
                  FROM activations a LEFT JOIN services s ON s.code = a.service_code
                 WHERE a.created_at >= ${ts(from)} AND a.created_at < ${ts(to)}
                 GROUP BY a.service_code, s.name ORDER BY orders DESC, code LIMIT ${limit}`
          : sql`SELECT a.country_code AS code, c.name_pt AS name, count(*)::int AS orders,
                  count(*) FILTER (WHERE a.settled = 'captured')::int AS captured,
                  coalesce(sum(a.price) FILTER (WHERE a.settled = 'captured' AND a.currency = 'BRL'), 0)::bigint AS brl,
                  coalesce(sum(a.price) FILTER (WHERE a.settled = 'captured' AND a.currency = 'USD'), 0)::bigint AS usd
                  FROM activations a LEFT JOIN countries c ON c.code = a.country_code
                 WHERE a.created_at >= ${ts(from)} AND a.created_at < ${ts(to)}
                 GROUP BY a.country_code, c.name_pt ORDER BY orders DESC, code LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        code: String(r.code).trim(),
        name: String(r.name ?? r.code),
        orders: int(r.orders),
        captured: int(r.captured),
        revenue_brl: int(r.brl),
        revenue_usd: int(r.usd),
      }));
    },

    async settlement(from: Date, to: Date) {
      const [row] = await queryRows(
        db,
        sql`SELECT count(*) FILTER (WHERE settled = 'captured')::int AS captured,
                   count(*) FILTER (WHERE settled = 'refunded')::int AS refunded
              FROM activations WHERE created_at >= ${ts(from)} AND created_at < ${ts(to)}`,
      );
      return { captured: int(row?.captured), refunded: int(row?.refunded) };
    },

    async topups(from: Date, to: Date) {
      const rows = await queryRows(
        db,
        sql`SELECT method, currency, count(*)::int AS n, sum(amount)::bigint AS amount FROM payments
             WHERE credited_at >= ${ts(from)} AND credited_at < ${ts(to)}
             GROUP BY method, currency ORDER BY amount DESC, method`,
      );
      return rows.map((r) => ({
        method: String(r.method),
        currency: r.currency as 'BRL' | 'USD',
        count: int(r.n),
        amount: int(r.amount),
      }));
    },

    async adjustments(from: Date, to: Date) {
      const [row] = await queryRows(
        db,
        sql`SELECT count(*)::int AS n,
                   coalesce(sum(e.amount) FILTER (WHERE a.currency = 'BRL'), 0)::bigint AS brl,
                   coalesce(sum(e.amount) FILTER (WHERE a.currency = 'USD'), 0)::bigint AS usd
              FROM ledger_transfers t
              JOIN ledger_entries e ON e.transfer_id = t.id
              JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'wallet'
             WHERE t.kind = 'adjustment' AND t.created_at >= ${ts(from)} AND t.created_at < ${ts(to)}`,
      );
      return { count: int(row?.n), BRL: int(row?.brl), USD: int(row?.usd) };
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
