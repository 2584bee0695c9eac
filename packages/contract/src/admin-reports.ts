import { z } from 'zod';
import { Cents, Currency } from './common.ts';

/*
 * The staff reports (ADMIN and MANAGER): revenue over time, what sells, how often a number works, and how
 * customers pay. Kept apart from admin.ts only for its size; the feature is the same (admin).
 */

export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export const ReportPeriod = z.enum(REPORT_PERIODS);
export type ReportPeriod = z.infer<typeof ReportPeriod>;

const Day = z.iso.date();

export const ReportsQuery = z
  .object({
    period: ReportPeriod.default('day'),
    /** First and last day (UTC) included; the last 30 days, 12 weeks or 12 months when absent. */
    from: Day.optional(),
    to: Day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ReportsQuery = z.infer<typeof ReportsQuery>;

const Count = z.number().int().min(0);

export const RevenuePoint = z.object({
  /** The first day of the bucket (YYYY-MM-DD, UTC). */
  bucket: z.string(),
  /** Money that reached revenue (captures) in the bucket, per currency: activations and rentals. */
  BRL: Cents,
  USD: Cents,
  /** Activations ordered in the bucket. */
  orders: Count,
  /** The part of BRL and USD that rentals brought (a rental's price and its extensions, once captured). */
  rentals_BRL: Cents,
  rentals_USD: Cents,
  /** Rentals started in the bucket. */
  rentals: Count,
});
export type RevenuePoint = z.infer<typeof RevenuePoint>;

export const TopItem = z.object({
  code: z.string(),
  name: z.string(),
  orders: Count,
  /** Orders whose price was captured (the customer got a code). */
  captured: Count,
  revenue_brl: Cents,
  revenue_usd: Cents,
});
export type TopItem = z.infer<typeof TopItem>;

export const TopupVolume = z.object({
  method: z.string(),
  currency: Currency,
  count: Count,
  amount: Cents,
});
export type TopupVolume = z.infer<typeof TopupVolume>;

export const ReportsResponse = z
  .object({
    period: ReportPeriod,
    from: z.string(),
    to: z.string(),
    revenue: z.array(RevenuePoint),
    top_services: z.array(TopItem),
    top_countries: z.array(TopItem),
    rates: z.object({
      /** Orders of the range settled either way. */
      settled: Count,
      captured: Count,
      refunded: Count,
      /** captured / settled, 0 when nothing settled. */
      success_rate: z.number().min(0).max(1),
      /** refunded / settled, 0 when nothing settled. */
      refund_rate: z.number().min(0).max(1),
    }),
    /** Top-ups credited in the range, by payment method and currency. */
    topups_by_method: z.array(TopupVolume),
    /** Staff adjustments in the range: how many and their net sum per currency. */
    adjustments: z.object({ count: Count, BRL: Cents, USD: Cents }),
  })
  .meta({ id: 'ReportsResponse' });
export type ReportsResponse = z.infer<typeof ReportsResponse>;

// ---- upstream SMS providers (/admin/sms) ----

export const SmsProviderView = z.object({
  name: z.string(),
  /** Place in the failover order, from 1. */
  position: z.number().int().min(1),
  enabled: z.boolean(),
  /** The latest health check: up when the provider answered a stock query in time. */
  status: z.enum(['up', 'down', 'unknown']),
  checked_at: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  orders: Count,
  settled: Count,
  captured: Count,
  /** captured / settled, null before anything settled. */
  success_rate: z.number().min(0).max(1).nullable(),
  /** Median seconds from the number's assignment to its first SMS, null without any. */
  median_seconds_to_code: z.number().nullable(),
});
export type SmsProviderView = z.infer<typeof SmsProviderView>;

export const SmsProvidersResponse = z
  .object({
    providers: z.array(SmsProviderView),
    latest_sms: z.array(
      z.object({
        activation_id: z.string(),
        provider: z.string().nullable(),
        service_code: z.string(),
        country_code: z.string(),
        code: z.string(),
        received_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'SmsProvidersResponse' });
export type SmsProvidersResponse = z.infer<typeof SmsProvidersResponse>;

/** The new failover order (every configured provider exactly once) and the ones switched off. */
export const SmsProvidersUpdate = z
  .object({
    order: z.array(z.string().trim().min(1).max(40)).min(1).max(20),
    disabled: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  })
  .strict();
export type SmsProvidersUpdate = z.input<typeof SmsProvidersUpdate>;
