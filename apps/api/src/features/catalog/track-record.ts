import { TRACK_RECORD_MIN_SAMPLE, TRACK_RECORD_WINDOW_DAYS } from '@numero/contract/catalog';
import type { TrackRecordRepository, TrackRecordRow } from './track-record.repository.ts';

/** What a product shows of its own record; both null until it has enough finished numbers. */
export interface TrackRecord {
  /** Share of finished numbers that received a code, 0–1, to three decimals. */
  success_rate: number | null;
  /** Median whole seconds from the number's assignment to its first SMS. */
  median_seconds_to_code: number | null;
  /** Finished numbers in the window, whether or not there were enough to show a record. */
  sample_size: number;
}

const NO_DATA: TrackRecord = { success_rate: null, median_seconds_to_code: null, sample_size: 0 };

/**
 * The record moves slowly (a week's window) and is read on every catalogue request: each process keeps
 * the aggregate for a minute instead of running it per request.
 */
export const TRACK_RECORD_TTL_MS = 60_000;

const DAY_MS = 24 * 60 * 60_000;
const keyOf = (service: string, country: string) => `${service}:${country}`;

/** Below the minimum sample a rate would be noise, so nothing is shown rather than a guess. */
function toTrackRecord(row: TrackRecordRow): TrackRecord {
  if (row.finished < TRACK_RECORD_MIN_SAMPLE) return { ...NO_DATA, sample_size: row.finished };
  return {
    sample_size: row.finished,
    success_rate: Math.round((row.withCode / row.finished) * 1000) / 1000,
    median_seconds_to_code: row.medianSeconds === null ? null : Math.round(row.medianSeconds),
  };
}

/** Each service × country's success rate and median time to code over the last week of activations. */
export function createTrackRecords({
  repository,
  now,
}: {
  repository: TrackRecordRepository;
  now: () => Date;
}) {
  type RecordOf = (service: string, country: string) => TrackRecord;
  let cached: { recordOf: RecordOf; at: number } | null = null;
  // Requests arriving while the aggregate runs wait for that one run instead of starting their own.
  let loading: Promise<RecordOf> | null = null;

  async function load(): Promise<RecordOf> {
    const at = now().getTime();
    const rows = await repository.listTrackRecords(new Date(at - TRACK_RECORD_WINDOW_DAYS * DAY_MS));
    const records = new Map(rows.map((r) => [keyOf(r.serviceCode, r.countryCode), toTrackRecord(r)]));
    const recordOf: RecordOf = (service, country) => records.get(keyOf(service, country)) ?? NO_DATA;
    cached = { recordOf, at };
    return recordOf;
  }

  const expired = () => !cached || now().getTime() - cached.at >= TRACK_RECORD_TTL_MS;

  return {
    /** The next read computes the records afresh (an answer built from the old ones is out of date). */
    expired,

    /**
     * The records of every service × country, fresh to within TRACK_RECORD_TTL_MS: the same function
     * until they are computed afresh, so what was made from it can be kept until then.
     */
    async current(): Promise<RecordOf> {
      if (!expired()) return cached!.recordOf;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
  };
}
export type TrackRecords = ReturnType<typeof createTrackRecords>;
