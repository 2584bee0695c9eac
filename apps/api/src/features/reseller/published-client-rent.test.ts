// HeroSMS's published npm client rents through the store as it rents from HeroSMS: only the base URL
// changes. It names the duration `duration` (hours) and hands back the protocol's JSON as it comes.
import HeroSMS from 'hero-sms';
import { describe, expect, it } from 'vitest';
import { conformanceBed, SMS_DELAY_MS } from '../../test/reseller-conformance.ts';

describe('published client "hero-sms": rentals, base URL changed only', async () => {
  const bed = await conformanceBed();
  const { reseller, wa } = bed;
  const fourHours = Math.ceil((wa.price * 300) / 100);

  it('lists rent prices, rents a number, and the SMS can be read and the rental finished', async () => {
    const r = await reseller();
    const client = new HeroSMS({ apiKey: r.key, baseUrl: bed.base });
    const offers = await client.getRentServicesAndCountries({ country: 73, duration: 4 });
    expect(offers.operators).toEqual({ 0: 'any' });
    expect(offers.services.wa).toMatchObject({ cost: fourHours / 100 });
    const rented = (await client.getRentNumber({ service: 'wa', country: 73, duration: 4 })) as unknown as {
      status: string;
      phone: { id: number; number: string; endDate: string };
    };
    expect(rented).toMatchObject({
      status: 'success',
      phone: { number: expect.stringMatching(/^55\d{10,11}$/) },
    });
    expect(await r.balance()).toBe(10_000 - fourHours);

    bed.clock.advance(2 * SMS_DELAY_MS + 1_000);
    await bed.app.scheduler.runOnce();
    const status = (await r.call('getRentStatus', { id: String(rented.phone.id) })).json();
    expect(status).toMatchObject({ status: 'success', quantity: '1' });
    expect((await r.call('setRentStatus', { id: String(rented.phone.id), status: '1' })).json()).toEqual({
      status: 'success',
    });
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
