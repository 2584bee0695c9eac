import { and, gte, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activations } from '../../db/schema/index.ts';

/** How one service × country did: its finished numbers, how many got a code, and the median wait. */
export interface TrackRecordRow {
  serviceCode: string;
  countryCode: string;
  finished: number;
  withCode: number;
  /** Median seconds from assignment to the first SMS among those with a code; null when none had one. */
  medianSeconds: number | null;
}

/**
 * The catalogue's read of the activations table: only this aggregate, never a row. Settled is what
 * "finished" means — a captured number received its code, a refunded one did not (expired, cancelled);
 * numbers still waiting are left out so they count neither way. A capture happens in the transaction
 * that records the first SMS, at its receipt time, so settled_at is that moment.
 */
export function createTrackRecordRepository(db: Executor) {
  return {
    /** One aggregate over the activations bought since `since` that had a number and are settled. */
    async listTrackRecords(since: Date): Promise<TrackRecordRow[]> {
      const captured = sql`${activations.settled} = 'captured'`;
      const rows = await db
        .select({
          serviceCode: activations.serviceCode,
          countryCode: activations.countryCode,
          finished: sql<number>`count(*)::int`,
          withCode: sql<number>`count(*) FILTER (WHERE ${captured})::int`,
          medianSeconds: sql<
            number | null
          >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${activations.settledAt} - ${activations.assignedAt})) FILTER (WHERE ${captured})`,
        })
        .from(activations)
        .where(
          and(
            // created_at is indexed; a number is assigned seconds after its purchase is created.
            gte(activations.createdAt, since),
            isNotNull(activations.assignedAt),
            isNotNull(activations.settled),
          ),
        )
        .groupBy(activations.serviceCode, activations.countryCode);
      return rows.map((r) => ({
        ...r,
        finished: Number(r.finished),
        withCode: Number(r.withCode),
        medianSeconds: r.medianSeconds === null ? null : Number(r.medianSeconds),
      }));
    },
  };
}
export type TrackRecordRepository = ReturnType<typeof createTrackRecordRepository>;
