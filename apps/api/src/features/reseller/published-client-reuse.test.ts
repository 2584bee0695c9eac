// HeroSMS's published npm client, as its users install it, driving a reactivation: only the base URL
// changes (it is written for HeroSMS's own host).
import HeroSMS from 'hero-sms';
import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';

describe('"hero-sms" reactivates a number, base URL changed only', async () => {
  const bed = await conformanceBed();
  const { reseller, smsArrives, wa } = bed;

  it('prices a reactivation, reactivates the number, and follows the new activation to its code', async () => {
    const r = await reseller();
    const client = new HeroSMS({ apiKey: r.key, baseUrl: bed.base });
    const bought = await client.getNumber({ service: 'wa', country: 73 });
    await smsArrives();
    expect(await client.getStatus(bought.activationId)).toMatchObject({ status: 'STATUS_OK' });
    expect(await client.complete(bought.activationId)).toBe('ACCESS_ACTIVATION');

    const quote = await client.getReactivationPrice(String(bought.activationId));
    expect(quote).toEqual({ data: { price: wa.price / 100, currency: 986 } });
    const again = await client.reactivate(String(bought.activationId));
    expect(again.phoneNumber).toBe(bought.phoneNumber);
    expect(again.activationId).not.toBe(bought.activationId);
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
    expect(await client.getStatus(Number(again.activationId))).toEqual({ status: 'STATUS_WAIT_CODE' });
    await smsArrives();
    expect(await client.getStatus(Number(again.activationId))).toEqual({
      status: 'STATUS_OK',
      code: expect.stringMatching(/^\d+$/),
    });
    expect(await client.complete(Number(again.activationId))).toBe('ACCESS_ACTIVATION');
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
  });

  it('reports a refused reactivation as its own error, charging nothing', async () => {
    const r = await reseller();
    const client = new HeroSMS({ apiKey: r.key, baseUrl: bed.base });
    const waiting = await client.getNumber({ service: 'wa', country: 73 });
    await expect(client.reactivate(String(waiting.activationId))).rejects.toMatchObject({
      name: 'ApiJsonError',
      code: 'RENEW_ACTIVATION_NOT_AVAILABLE',
    });
    expect(await r.balance()).toBe(10_000 - wa.price);
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
