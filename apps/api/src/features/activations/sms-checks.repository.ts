import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import type { ClaimedCheck } from './activations.repository.ts';

/** The SQL of finding what upstream has to be asked about, and of the SMS a seller pushes to us. */
export function createSmsChecksRepository(db: Executor) {
  return {
    /**
     * Claims due checks of some providers only (`only`), or of all but some (`except`), by moving their
     * next_check_at to `leaseUntil` in one statement, as ActivationsRepository.claimDueChecks does.
     */
    async claimDue(
      at: Date,
      leaseUntil: Date,
      limit: number,
      providers: { only: readonly string[] } | { except: readonly string[] },
    ): Promise<ClaimedCheck[]> {
      const names = 'only' in providers ? providers.only : providers.except;
      const filter =
        'only' in providers
          ? sql`provider = ANY(${toArray(names)}::text[])`
          : sql`NOT (provider = ANY(${toArray(names)}::text[]))`;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`UPDATE activations SET next_check_at = ${leaseUntil.toISOString()}::timestamptz
            WHERE id IN (
              SELECT id FROM activations
              WHERE next_check_at IS NOT NULL AND next_check_at <= ${at.toISOString()}::timestamptz
                AND status IN ('waiting_sms', 'code_received') AND ${filter}
              ORDER BY next_check_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id, provider, upstream_id, resend_count`,
      );
      return rows.map((r) => ({
        id: String(r.id),
        provider: String(r.provider),
        upstream_id: String(r.upstream_id),
        resend_count: Number(r.resend_count),
      }));
    },

    /** Plans the next check of claimed rows upstream had no news about, in one statement. */
    async checkAgainAt(ids: readonly string[], next: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`UPDATE activations SET next_check_at = ${next.toISOString()}::timestamptz
            WHERE id = ANY(${toArray(ids)}::uuid[]) AND next_check_at IS NOT NULL
              AND status IN ('waiting_sms', 'code_received')`,
      );
    },

    /** The activation a seller's id names, among those bought from that seller. */
    async findIdByUpstream(provider: string, upstreamId: string): Promise<string | null> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM activations WHERE provider = ${provider} AND upstream_id = ${upstreamId} LIMIT 1`,
      );
      return row ? String(row.id) : null;
    },
  };
}
export type SmsChecksRepository = ReturnType<typeof createSmsChecksRepository>;

/** A text[] literal bound as one parameter: both drivers pass it through unchanged. */
function toArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
