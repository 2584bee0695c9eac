import { randomUUID } from 'node:crypto';
import type { ProductOffer } from '@numero/contract/catalog';
import { TRACK_RECORD_MIN_SAMPLE } from '@numero/contract/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { insertUser, topUp } from '../../test/activations-fixture.ts';
import { createClock, createTestApp, signUpAndSignIn, smsAfter, TEST_ORIGIN } from '../../test/helpers.ts';
import { callProtocol, createApiKey } from '../../test/reseller-fixture.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { TRACK_RECORD_TTL_MS } from './track-record.ts';

const SMS_DELAY_MS = 2_000;
const DAY_MS = 24 * 60 * 60_000;

type Outcome =
  /** The number received its first SMS this many seconds after it was assigned: the price was captured. */
  | { code: number }
  /** No code: the number expired or was cancelled and the price went back. */
  | 'refunded'
  /** Still waiting for its SMS: counts neither way. */
  | 'waiting'
  /** Upstream never gave a number: there was no number to judge. */
  | 'no-number';

describe("the catalogue's record: success rate and time to code from the store's own activations", async () => {
  const clock = createClock(new Date('2025-03-10T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: smsAfter(SMS_DELAY_MS),
  });
  const { db } = database;
  const ledger = createLedgerService({ repository: createLedgerRepository(db) });
  const owner = await insertUser(database, 'record');

  /** Writes activations of one product as their paths leave them, bought `ageMs` before now. */
  async function seed(sku: string, outcomes: Outcome[], ageMs = 60 * 60_000) {
    const [product] = await queryRows<{ id: number; service_code: string; country_code: string }>(
      db,
      sql`SELECT id, service_code, country_code FROM products WHERE sku = ${sku}`,
    );
    const created = new Date(clock.now().getTime() - ageMs);
    const assigned = new Date(created.getTime() + 1_000);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    for (const outcome of outcomes) {
      const hasNumber = outcome !== 'no-number';
      const settledAt =
        typeof outcome === 'object'
          ? new Date(assigned.getTime() + outcome.code * 1_000)
          : outcome === 'waiting'
            ? null
            : new Date(assigned.getTime() + 20 * 60_000);
      const [status, settled] =
        typeof outcome === 'object'
          ? ['finished', 'captured']
          : outcome === 'refunded'
            ? ['expired', 'refunded']
            : outcome === 'waiting'
              ? ['waiting_sms', null]
              : ['failed', 'refunded'];
      await db.execute(sql`
        INSERT INTO activations (id, user_id, product_id, service_code, country_code, currency, price, status,
          provider, upstream_id, phone_number, code, idempotency_key, assigned_at, expires_at, settled,
          settled_at, created_at, updated_at)
        VALUES (${randomUUID()}, ${owner}, ${product!.id}, ${product!.service_code}, ${product!.country_code},
          'BRL', 500, ${status}, ${hasNumber ? 'simulator' : null}, ${hasNumber ? `seed-${randomUUID()}` : null},
          ${hasNumber ? '+5511999990000' : null}, ${typeof outcome === 'object' ? '123456' : null},
          ${randomUUID()}, ${iso(hasNumber ? assigned : null)}::timestamptz,
          ${iso(hasNumber ? new Date(clock.now().getTime() + 60 * 60_000) : null)}::timestamptz,
          ${settled}, ${iso(settledAt)}::timestamptz, ${iso(created)}::timestamptz, ${iso(created)}::timestamptz)`);
    }
  }
  const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

  const offers = async (service: string, currency = 'BRL'): Promise<Map<string, ProductOffer>> => {
    const res = await app.inject({ url: `/api/v1/catalog/products?service=${service}&currency=${currency}` });
    expect(res.statusCode).toBe(200);
    return new Map(res.json().items.map((p: ProductOffer) => [p.country_code, p]));
  };
  const recordOf = (p: ProductOffer | undefined) => ({
    success_rate: p?.success_rate,
    median_seconds_to_code: p?.median_seconds_to_code,
    sample_size: p?.sample_size,
  });
  const noData = (sample_size = 0) => ({ success_rate: null, median_seconds_to_code: null, sample_size });
  const afterCache = () => clock.advance(TRACK_RECORD_TTL_MS);

  it('shows "no data yet" everywhere while the store has sold nothing', async () => {
    for (const p of (await offers('wa')).values()) expect(recordOf(p)).toEqual(noData());
  });

  it('counts only finished numbers of the last 7 days, and shows nothing below the minimum sample', async () => {
    expect(TRACK_RECORD_MIN_SAMPLE).toBe(5);
    // WhatsApp in Brazil: 4 finished this week (3 codes at 10, 20 and 30 s; 1 refund)...
    await seed('WA-BR', [...times(3, (i) => ({ code: (i + 1) * 10 })), 'refunded']);
    // ...beside numbers still waiting, purchases upstream never served, and a bad week long past.
    await seed(
      'WA-BR',
      times(3, () => 'waiting' as const),
    );
    await seed(
      'WA-BR',
      times(2, () => 'no-number' as const),
    );
    await seed(
      'WA-BR',
      times(30, () => 'refunded' as const),
      8 * DAY_MS,
    );
    afterCache();
    expect(recordOf((await offers('wa')).get('BR'))).toEqual(noData(4));
  });

  it('charges the price it shows, and a real purchase whose code arrives counts in the record', async () => {
    await db.execute(sql`UPDATE products SET price_usd = 210, stock = 1000 WHERE sku = 'WA-BR'`);
    const shown = (await offers('wa', 'USD')).get('BR')!;
    expect(shown).toMatchObject({ price: 210, currency: 'USD', stock: 1000 });
    const buyer = await signUpAndSignIn(app);
    await topUp(database, ledger, buyer.user.id, 1_000, 'USD');
    const bought = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: shown.id, currency: 'USD' },
    });
    expect(bought.statusCode).toBe(201);
    expect(await ledger.walletBalance(buyer.user.id, 'USD')).toBe(1_000 - shown.price);

    // The simulator has the SMS 2 s after the number; the poller finds it 3 s after.
    clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const [row] = await queryRows<{ settled: string }>(
      db,
      sql`SELECT settled FROM activations WHERE id = ${bought.json().id}`,
    );
    expect(row?.settled).toBe('captured');

    // The 5th finished number (6 bought this week beside those still waiting): each process keeps the
    // record a minute, then shows it.
    expect(recordOf((await offers('wa')).get('BR'))).toEqual(noData(4));
    afterCache();
    // 4 codes of 5 finished; the median of 3, 10, 20 and 30 s is (10 + 20) / 2.
    expect(recordOf((await offers('wa')).get('BR'))).toEqual({
      success_rate: 0.8,
      median_seconds_to_code: 15,
      sample_size: 5,
    });
  });

  it('keeps each service × country apart, and shows a 0% rate without inventing a time', async () => {
    await seed(
      'TG-BR',
      times(TRACK_RECORD_MIN_SAMPLE, () => 'refunded' as const),
    );
    await seed(
      'WA-AR',
      times(TRACK_RECORD_MIN_SAMPLE - 1, () => ({ code: 5 })),
    );
    afterCache();
    const wa = await offers('wa');
    expect(recordOf(wa.get('BR'))).toEqual({ success_rate: 0.8, median_seconds_to_code: 15, sample_size: 5 });
    expect(recordOf(wa.get('AR'))).toEqual(noData(TRACK_RECORD_MIN_SAMPLE - 1));
    expect(recordOf((await offers('tg')).get('BR'))).toEqual({
      success_rate: 0,
      median_seconds_to_code: null,
      sample_size: TRACK_RECORD_MIN_SAMPLE,
    });
  });

  it('gives bots the record as extra keys of getPrices, and leaves them out where there is none', async () => {
    const bot = await signUpAndSignIn(app);
    const key = await createApiKey(app, bot);
    const prices = (await callProtocol(app, { api_key: key, action: 'getPrices', country: '73' })).json();
    expect(prices['73'].wa).toEqual({
      cost: 5,
      count: expect.any(Number),
      successRate: 0.8,
      medianCodeSeconds: 15,
    });
    expect(prices['73'].tg).toEqual({ cost: expect.any(Number), count: expect.any(Number), successRate: 0 });
    expect(Object.keys(prices['73'].go).sort()).toEqual(['cost', 'count']);
    const top = (
      await callProtocol(app, { api_key: key, action: 'getTopCountriesByService', service: 'wa' })
    ).json();
    const offers = Object.values<Record<string, unknown>>(top);
    expect(offers.find((o) => o.country === 73)).toEqual({
      country: 73,
      count: expect.any(Number),
      price: 5,
      retail_price: 5,
      successRate: 0.8,
      medianCodeSeconds: 15,
    });
    // Argentina has fewer finished numbers than the record needs: no keys rather than nulls.
    expect(Object.keys(offers.find((o) => o.country === 39) ?? {}).sort()).toEqual([
      'count',
      'country',
      'price',
      'retail_price',
    ]);
  });
});
