import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

const int = (v: unknown) => Number(v ?? 0);

/** Read-only: how each upstream provider has served our orders, and the latest SMS received. */
export function createSmsProvidersRepository(db: Executor) {
  return {
    async performance() {
      const rows = await queryRows(
        db,
        sql`SELECT a.provider,
                   count(*)::int AS orders,
                   count(*) FILTER (WHERE a.settled IS NOT NULL)::int AS settled,
                   count(*) FILTER (WHERE a.settled = 'captured')::int AS captured,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (f.first_at - a.assigned_at)))
                     AS median_seconds
              FROM activations a
              LEFT JOIN LATERAL (SELECT min(received_at) AS first_at FROM sms_messages m WHERE m.activation_id = a.id) f
                ON true
             WHERE a.provider IS NOT NULL
             GROUP BY a.provider`,
      );
      return rows.map((r) => ({
        provider: String(r.provider),
        orders: int(r.orders),
        settled: int(r.settled),
        captured: int(r.captured),
        medianSeconds:
          r.median_seconds === null || r.median_seconds === undefined ? null : Number(r.median_seconds),
      }));
    },

    async latestSms(limit: number) {
      const rows = await queryRows(
        db,
        sql`SELECT m.activation_id, a.provider, a.service_code, a.country_code, m.code, m.received_at
              FROM sms_messages m JOIN activations a ON a.id = m.activation_id
             ORDER BY m.received_at DESC, m.id DESC LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        activation_id: String(r.activation_id),
        provider: r.provider === null ? null : String(r.provider),
        service_code: String(r.service_code),
        country_code: String(r.country_code).trim(),
        code: String(r.code),
        received_at: new Date(r.received_at as string).toISOString(),
      }));
    },
  };
}
export type SmsProvidersRepository = ReturnType<typeof createSmsProvidersRepository>;
