import { afterAll, expect } from 'vitest';
import { createClock, createTestApp } from './helpers.ts';
import { INJECT_ENV, paymentsProbe } from './wallet-fixture.ts';

/**
 * The store the top-up route tests share: a clock they move, the app with signed sandbox webhooks, a
 * probe into payments and the ledger (checked balanced when the file ends), and a test card.
 */
export async function topUpTestBed() {
  const clock = createClock(new Date('2026-03-10T15:00:00Z'));
  const { app, database } = await createTestApp({ now: clock.now, env: INJECT_ENV });
  const probe = paymentsProbe(app, database, clock.now);
  const nextYear = clock.now().getUTCFullYear() + 1;
  const card = (number: string) => ({
    number,
    exp_month: 12,
    exp_year: nextYear,
    cvc: '123',
    holder_name: 'Maria Silva',
  });
  afterAll(async () => {
    expect(await probe.ledger.verify()).toEqual([]);
  });
  return { clock, app, database, probe, nextYear, card };
}
