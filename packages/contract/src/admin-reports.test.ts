import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ReportsQuery, ReportsResponse, SmsProvidersUpdate, SmsProviderView } from './admin-reports.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe('the staff reports', () => {
  it('cover a range of real days, its first not after its last, by day unless asked', () => {
    expect(ReportsQuery.parse({})).toEqual({ period: 'day' });
    check(
      ReportsQuery,
      [
        { from: '2026-11-01', to: '2026-11-30' },
        { from: '2026-11-30', to: '2026-11-30' },
        { from: '2026-11-01' },
        { to: '2026-11-30', period: 'month' },
      ],
      [
        { from: '2026-12-01', to: '2026-11-30' },
        { from: '2026-02-30' },
        { from: '2026-13-01' },
        { from: '01/11/2026' },
        { from: '2026-11-01T00:00:00Z' },
        { period: 'year' },
      ],
    );
    const inverted = ReportsQuery.safeParse({ from: '2026-12-01', to: '2026-11-30' });
    expect(inverted.error?.issues[0]).toMatchObject({ message: 'from must not be after to', path: ['from'] });
  });

  it('answer with rates between 0 and 1 and counts that are not negative', () => {
    const report = {
      period: 'day',
      from: '2026-11-01',
      to: '2026-11-30',
      revenue: [
        { bucket: '2026-11-01', BRL: 1000, USD: 0, orders: 2, rentals_BRL: 400, rentals_USD: 0, rentals: 1 },
      ],
      top_services: [],
      top_countries: [],
      rates: { settled: 2, captured: 1, refunded: 1, success_rate: 0.5, refund_rate: 0.5 },
      topups_by_method: [{ method: 'pix', currency: 'BRL', count: 1, amount: 5000 }],
      adjustments: { count: 0, BRL: 0, USD: 0 },
    };
    const rates = (patch: object) => ({ ...report, rates: { ...report.rates, ...patch } });
    check(
      ReportsResponse,
      [report, rates({ success_rate: 0, refund_rate: 1 })],
      [
        rates({ success_rate: 1.01 }),
        rates({ refund_rate: -0.01 }),
        rates({ settled: -1 }),
        { ...report, revenue: [{ bucket: '2026-11-01', BRL: 1000, USD: 0, orders: -1 }] },
      ],
    );
  });
});

describe('number providers on /admin/sms', () => {
  it('are shown from position 1, with a success rate between 0 and 1 or none yet', () => {
    const provider = {
      name: 'simulator',
      position: 1,
      enabled: true,
      status: 'up',
      checked_at: null,
      latency_ms: 12,
      orders: 3,
      settled: 2,
      captured: 2,
      success_rate: 1,
      median_seconds_to_code: 14,
    };
    check(
      SmsProviderView,
      [provider, { ...provider, success_rate: null }, { ...provider, success_rate: 0 }],
      [
        { ...provider, position: 0 },
        { ...provider, success_rate: 1.5 },
        { ...provider, orders: -1 },
        { ...provider, status: 'slow' },
      ],
    );
  });

  it('are put in an order of 1 to 20 names of 1 to 40 characters, with up to 20 switched off', () => {
    expect(SmsProvidersUpdate.parse({ order: [' simulator '] })).toEqual({
      order: ['simulator'],
      disabled: [],
    });
    check(
      SmsProvidersUpdate,
      [{ order: Array(20).fill('p'), disabled: Array(20).fill('p') }, { order: ['x'.repeat(40)] }],
      [
        { order: [] },
        { order: Array(21).fill('p') },
        { order: ['p'], disabled: Array(21).fill('p') },
        { order: ['   '] },
        { order: ['x'.repeat(41)] },
        { order: ['p'], disabled: [''] },
        { order: ['p'], enabled: ['p'] },
      ],
    );
  });
});
