import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import type { ClaimedCheck } from './activations.repository.ts';

const toClaimedCheck = (r: Record<string, unknown>): ClaimedCheck => ({
  id: String(r.id),
  provider: String(r.provider),
  upstream_id: String(r.upstream_id),
  resend_count: Number(r.resend_count),
});

/** The SQL of finding what upstream has to be asked about, and of the SMS a seller pushes to us. */
export function createSmsChecksRepository(db: Executor) {
  return {
    /**
     * Claims due checks of these providers (those asked one activation at a time) by pushing their
     * next_check_at to `leaseUntil` in one statement: other workers skip the locked rows and then see the
     * lease, so each is asked about once.
     */
    async claimDue(
      at: Date,
      leaseUntil: Date,
      limit: number,
      providers: readonly string[],
    ): Promise<ClaimedCheck[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`UPDATE activations SET next_check_at = ${leaseUntil.toISOString()}::timestamptz
            WHERE id IN (
              SELECT id FROM activations
              WHERE provider = ANY(${toArray(providers)}::text[])
                AND next_check_at IS NOT NULL AND next_check_at <= ${at.toISOString()}::timestamptz
                AND status IN ('waiting_sms', 'code_received')
              ORDER BY next_check_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id, provider, upstream_id, resend_count`,
      );
      return rows.map(toClaimedCheck);
    },

    /**
     * Plans the next check of claimed activations upstream had no news about, in one statement; one that
     * changed since its claim (a code pushed, another SMS asked for, ended) keeps what that change set.
     */
    async checkAgainAt(ids: readonly string[], claimedUntil: Date, next: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(
        sql`UPDATE activations SET next_check_at = ${next.toISOString()}::timestamptz
            WHERE id = ANY(${toArray(ids)}::uuid[])
              AND next_check_at = ${claimedUntil.toISOString()}::timestamptz
              AND status IN ('waiting_sms', 'code_received')`,
      );
    },

    /**
     * Takes `provider`'s batch turn if it is due at `at`, keeping it until `until`: true for the one
     * process that gets it.
     */
    async takeBatchTurn(provider: string, at: Date, until: Date): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`INSERT INTO batch_poll_turns (provider, next_at) VALUES (${provider}, ${until.toISOString()}::timestamptz)
            ON CONFLICT (provider) DO UPDATE SET next_at = excluded.next_at
            WHERE batch_poll_turns.next_at <= ${at.toISOString()}::timestamptz
            RETURNING provider`,
      );
      return rows.length === 1;
    },

    /** When `provider`'s next batch turn is due. */
    async nextBatchTurn(provider: string, next: Date): Promise<void> {
      await db.execute(
        sql`UPDATE batch_poll_turns SET next_at = ${next.toISOString()}::timestamptz WHERE provider = ${provider}`,
      );
    },

    /** Whether any activation of this seller is due a check at `at`. */
    async anyDue(provider: string, at: Date): Promise<boolean> {
      const [row] = await queryRows<{ due: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM activations
              WHERE provider = ${provider} AND next_check_at IS NOT NULL
                AND next_check_at <= ${at.toISOString()}::timestamptz
                AND status IN ('waiting_sms', 'code_received')) AS due`,
      );
      return row?.due === true;
    },

    /**
     * The activations among `upstreamIds` (one seller's) that were due a check at `at`. One whose customer
     * asked for another SMS since is left out (its next check moved past `at`): the seller's answer may be
     * about the previous one.
     */
    async dueAmong(provider: string, upstreamIds: readonly string[], at: Date): Promise<ClaimedCheck[]> {
      if (upstreamIds.length === 0) return [];
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT id, provider, upstream_id, resend_count FROM activations
            WHERE provider = ${provider} AND upstream_id = ANY(${toArray(upstreamIds)}::text[])
              AND next_check_at IS NOT NULL AND next_check_at <= ${at.toISOString()}::timestamptz
              AND status IN ('waiting_sms', 'code_received')`,
      );
      return rows.map(toClaimedCheck);
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
