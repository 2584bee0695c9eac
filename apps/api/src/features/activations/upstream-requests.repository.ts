import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { namedStatement, queryRows } from '../../db/sql.ts';

/** A seller asked for a number for a purchase that was then refunded as interrupted, claimed for release. */
export interface ClaimedRelease {
  activationId: string;
  provider: string;
  /** The seller's activation, when an earlier try found it. */
  upstreamId: string | null;
  /** Counting this one. */
  tries: number;
  /** When the seller was about to be asked. */
  askedAt: Date;
  serviceCode: string;
  countryCode: string;
}

export type ReleaseOutcome = 'cancelled' | 'none' | 'staff';

const iso = (at: Date) => at.toISOString();

const recordStatement = namedStatement<{ pending: number }>(
  'upstream_request_record',
  sql`WITH pending AS (
        SELECT id FROM activations WHERE id = ${sql.placeholder('activationId')} AND status = 'pending' FOR UPDATE
      ), asked AS (
        INSERT INTO activation_upstream_requests (activation_id, provider, asked_at)
        SELECT id, ${sql.placeholder('provider')}, ${sql.placeholder('at')}::timestamptz FROM pending
        ON CONFLICT (activation_id, provider) DO NOTHING
      )
      SELECT count(*)::int AS pending FROM pending`,
);

/** The sellers each purchase asked (activation_upstream_requests): part of the activation aggregate. */
export function createUpstreamRequestsRepository(db: Executor) {
  return {
    /**
     * Records that `provider` is about to be asked for the activation's number, if the purchase is still
     * pending; false when it is not (the sweeper refunded it), and then nothing must be asked. The row
     * lock orders this against the sweeper: either it sees this record, or this sees its refund.
     */
    async record(activationId: string, provider: string, at: Date): Promise<boolean> {
      // One statement, so one round trip: the lock is taken and the row written atomically.
      const [row] = await recordStatement(db, { activationId, provider, at: iso(at) });
      return Number(row?.pending) > 0;
    },

    /** Makes every seller asked for these (just refunded) activations due for a release at `at`. */
    async scheduleRelease(activationIds: string[], at: Date, tx: Tx): Promise<void> {
      if (activationIds.length === 0) return;
      const ids = sql.join(
        activationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      await tx.execute(
        sql`UPDATE activation_upstream_requests SET release_at = ${iso(at)}::timestamptz
            WHERE activation_id IN (${ids}) AND released IS NULL`,
      );
    },

    /** Whether a release was scheduled (or done) for what this seller sold for the activation. */
    async releaseScheduled(activationId: string, provider: string): Promise<boolean> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`SELECT 1 AS n FROM activation_upstream_requests
            WHERE activation_id = ${activationId} AND provider = ${provider}
              AND (release_at IS NOT NULL OR released IS NOT NULL)`,
      );
      return rows.length > 0;
    },

    /** Claims due releases by pushing release_at to `leaseUntil`, so each is worked on by one worker. */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<ClaimedRelease[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`UPDATE activation_upstream_requests r
            SET release_at = ${iso(leaseUntil)}::timestamptz, release_tries = r.release_tries + 1
            FROM activations a
            WHERE a.id = r.activation_id AND (r.activation_id, r.provider) IN (
              SELECT activation_id, provider FROM activation_upstream_requests
              WHERE release_at IS NOT NULL AND release_at <= ${iso(at)}::timestamptz
              ORDER BY release_at
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING r.activation_id, r.provider, r.upstream_id, r.release_tries, r.asked_at,
              a.service_code, a.country_code`,
      );
      return rows.map((r) => ({
        activationId: String(r.activation_id),
        provider: String(r.provider),
        upstreamId: r.upstream_id == null ? null : String(r.upstream_id),
        tries: Number(r.release_tries),
        askedAt: r.asked_at instanceof Date ? r.asked_at : new Date(String(r.asked_at)),
        serviceCode: String(r.service_code),
        countryCode: String(r.country_code).trim(),
      }));
    },

    /**
     * The seller's ids the store holds for purchases near `around` (sold, or found for another
     * interrupted one): a seller without order ids is never told one of these is the lost order.
     */
    async knownUpstreamIds(provider: string, around: Date, withinMs: number): Promise<string[]> {
      const from = iso(new Date(around.getTime() - withinMs));
      const to = iso(new Date(around.getTime() + withinMs));
      const rows = await queryRows<{ upstream_id: string }>(
        db,
        sql`SELECT upstream_id FROM activations
            WHERE provider = ${provider} AND upstream_id IS NOT NULL
              AND created_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz
            UNION
            SELECT upstream_id FROM activation_upstream_requests
            WHERE provider = ${provider} AND upstream_id IS NOT NULL
              AND asked_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz`,
      );
      return rows.map((r) => String(r.upstream_id));
    },

    async foundUpstream(claim: ClaimedRelease, upstreamId: string): Promise<void> {
      await db.execute(
        sql`UPDATE activation_upstream_requests SET upstream_id = ${upstreamId}
            WHERE activation_id = ${claim.activationId} AND provider = ${claim.provider}`,
      );
    },

    async retryAt(claim: ClaimedRelease, at: Date): Promise<void> {
      await db.execute(
        sql`UPDATE activation_upstream_requests SET release_at = ${iso(at)}::timestamptz
            WHERE activation_id = ${claim.activationId} AND provider = ${claim.provider}`,
      );
    },

    async released(claim: ClaimedRelease, outcome: ReleaseOutcome, at: Date): Promise<void> {
      await db.execute(
        sql`UPDATE activation_upstream_requests
            SET release_at = NULL, released = ${outcome}, released_at = ${iso(at)}::timestamptz
            WHERE activation_id = ${claim.activationId} AND provider = ${claim.provider}`,
      );
    },

    /** What happened to each seller asked for one activation, for tests and staff. */
    async listFor(activationId: string) {
      return queryRows<{ provider: string; upstream_id: string | null; released: ReleaseOutcome | null }>(
        db,
        sql`SELECT provider, upstream_id, released FROM activation_upstream_requests
            WHERE activation_id = ${activationId} ORDER BY asked_at, provider`,
      );
    },
  };
}
export type UpstreamRequestsRepository = ReturnType<typeof createUpstreamRequestsRepository>;
