import type {
  ReportPeriod,
  ReportsQuery,
  ReportsResponse,
  RevenuePoint,
} from '@numero/contract/admin-reports';
import type { ReportsRepository } from './reports.repository.ts';

const DAY = 86_400_000;
const TOP = 10;

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the bucket that holds `d`: the day, the ISO week's Monday, or the month's first. */
function bucketStart(period: ReportPeriod, d: Date): Date {
  const day = startOfUtcDay(d);
  if (period === 'day') return day;
  if (period === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
}

function nextBucket(period: ReportPeriod, d: Date): Date {
  if (period === 'day') return new Date(d.getTime() + DAY);
  if (period === 'week') return new Date(d.getTime() + 7 * DAY);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** The range of a report: the given days, or the last 30 days / 12 weeks / 12 months up to today. */
export function reportRange(query: ReportsQuery, today: Date): { from: Date; to: Date } {
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : startOfUtcDay(today);
  const back = { day: 29 * DAY, week: 11 * 7 * DAY, month: 0 }[query.period];
  let from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(to.getTime() - back);
  if (!query.from && query.period === 'month')
    from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1));
  return { from: bucketStart(query.period, from), to: new Date(to.getTime() + DAY) };
}

/** Staff reports: every figure is one aggregate statement; empty buckets are filled with zeros here. */
export function createReports(deps: { repository: ReportsRepository; now: () => Date }) {
  const { repository, now } = deps;
  return {
    async report(query: ReportsQuery): Promise<ReportsResponse> {
      const { period } = query;
      const { from, to } = reportRange(query, now());
      const [revenue, counts, services, countries, settlement, topups, adjustments] = await Promise.all([
        repository.revenueBuckets(period, from, to),
        repository.orderBuckets(period, from, to),
        repository.top('service', from, to, TOP),
        repository.top('country', from, to, TOP),
        repository.settlement(from, to),
        repository.topups(from, to),
        repository.adjustments(from, to),
      ]);
      const points: RevenuePoint[] = [];
      for (let b = bucketStart(period, from); b < to; b = nextBucket(period, b)) {
        const key = iso(b);
        const money = (c: string, part: 'amount' | 'rentals') =>
          revenue.filter((r) => r.bucket === key && r.currency === c).reduce((s, r) => s + r[part], 0);
        const count = (list: { bucket: string; n: number }[]) => list.find((o) => o.bucket === key)?.n ?? 0;
        points.push({
          bucket: key,
          BRL: money('BRL', 'amount'),
          USD: money('USD', 'amount'),
          orders: count(counts.orders),
          rentals_BRL: money('BRL', 'rentals'),
          rentals_USD: money('USD', 'rentals'),
          rentals: count(counts.rentals),
        });
      }
      const settled = settlement.captured + settlement.refunded;
      return {
        period,
        from: iso(from),
        to: iso(new Date(to.getTime() - DAY)),
        revenue: points,
        top_services: services,
        top_countries: countries,
        rates: {
          settled,
          captured: settlement.captured,
          refunded: settlement.refunded,
          success_rate: settled ? settlement.captured / settled : 0,
          refund_rate: settled ? settlement.refunded / settled : 0,
        },
        topups_by_method: topups,
        adjustments,
      };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
