// Published npm clients of both protocols, as their users install them: only the base URL changes (each
// is written for its seller's own host).
import { FiveSimAPI, InsufficientBalanceError, NoPhoneNumbersError, UserService } from 'fivesim-api';
import HeroSMS from 'hero-sms';
import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';

describe('published clients, base URL changed only', async () => {
  const bed = await conformanceBed();
  const { reseller, smsArrives, wa } = bed;

  describe('"hero-sms" (HeroSMS, handler_api.php)', () => {
    const heroSms = async (balance?: number) => {
      const r = await reseller(balance);
      return { r, client: new HeroSMS({ apiKey: r.key, baseUrl: bed.base }) };
    };

    it('reads the balance and prices, buys, follows the status to the code and completes', async () => {
      const { r, client } = await heroSms();
      expect(await client.getBalance()).toBe(100);
      const prices = (await client.getPrices({ service: 'wa', country: 73 })) as Record<
        string,
        Record<string, { cost: number; count: number }>
      >;
      expect(prices['73']?.wa).toMatchObject({ cost: wa.price / 100, count: expect.any(Number) });
      const bought = await client.getNumber({ service: 'wa', country: 73 });
      expect(bought.phoneNumber).toMatch(/^55\d{10,11}$/);
      expect(await r.balance()).toBe(10_000 - wa.price);
      expect(await client.getStatus(bought.activationId)).toEqual({ status: 'STATUS_WAIT_CODE' });
      await smsArrives();
      const status = await client.getStatus(bought.activationId);
      expect(status).toEqual({ status: 'STATUS_OK', code: expect.stringMatching(/^\d+$/) });
      expect(await client.complete(bought.activationId)).toBe('ACCESS_ACTIVATION');
      expect(await r.balance()).toBe(10_000 - wa.price);
    });

    it('cancels before the code and the price comes back; refusals are its own errors', async () => {
      const { r, client } = await heroSms();
      const bought = await client.getNumber({ service: 'wa', country: 73 });
      expect(await client.cancel(bought.activationId)).toBe('ACCESS_CANCEL');
      expect(await r.balance()).toBe(10_000);
      expect(await client.getStatus(bought.activationId)).toEqual({ status: 'STATUS_CANCEL' });
      await expect(client.getStatus(2_147_483_000)).rejects.toMatchObject({
        name: 'ActivationNotFoundError',
      });
      const stranger = new HeroSMS({ apiKey: 'nk_not-a-key', baseUrl: bed.base });
      await expect(stranger.getBalance()).rejects.toMatchObject({ name: 'AuthenticationError' });
    });

    it('buys with getNumberV2, and its refusals are its own errors, not a reply it cannot read', async () => {
      const { r, client } = await heroSms();
      const bought = await client.getNumberV2({ service: 'wa', country: 73 });
      expect(bought).toMatchObject({ phoneNumber: expect.stringMatching(/^55\d{10,11}$/) });
      await expect(client.getNumberV2({ service: 'wa', country: 73, maxPrice: 1 })).rejects.toMatchObject({
        name: 'WrongMaxPriceError',
        minimumPrice: wa.price / 100,
      });
      await expect(client.getNumberV2({ service: 'wa', country: 9999 })).rejects.toMatchObject({
        name: 'NoNumbersError',
      });
      await expect(client.getNumberV2({ service: 'zz', country: 73 })).rejects.toMatchObject({
        name: 'ApiJsonError',
        code: 'BAD_SERVICE',
      });
      expect(await r.balance()).toBe(10_000 - wa.price);
      const poor = await heroSms(wa.price - 1);
      await expect(poor.client.getNumberV2({ service: 'wa', country: 73 })).rejects.toMatchObject({
        name: 'NoBalanceError',
        code: 'NO_BALANCE',
      });
      expect(await poor.r.balance()).toBe(wa.price - 1);
    });
  });

  describe('"fivesim-api" (5sim, /v1)', () => {
    // Its host is a private static of the client's class, with no option to change it.
    (UserService as unknown as { baseURL: string }).baseURL = new URL('/v1', bed.base).href;
    const fivesim = async (balance?: number) => {
      const r = await reseller(balance);
      return { r, client: new FiveSimAPI(r.key) };
    };

    it('reads the profile and prices, buys, checks the code, finishes and lists the order', async () => {
      const { r, client } = await fivesim();
      expect(await client.getProfile()).toMatchObject({ balance: 100 });
      const prices = await FiveSimAPI.getPricesByCountryAndProduct('brazil', 'whatsapp');
      expect(prices).toMatchObject({ brazil: { whatsapp: { any: { cost: wa.price / 100 } } } });
      const order = await client.buyActivationNumber('brazil', 'any', 'whatsapp');
      expect(order).toMatchObject({ status: 'PENDING', product: 'whatsapp', country: 'brazil' });
      expect(await r.balance()).toBe(10_000 - wa.price);
      await smsArrives();
      const checked = await client.checkOrder(order.id);
      expect(checked.status).toBe('RECEIVED');
      expect(checked.sms?.[0]?.code).toMatch(/^\d+$/);
      expect((await client.finishOrder(order.id)).status).toBe('FINISHED');
      const history = await client.getOrderHistory({ category: 'activation' });
      expect(history.Data.map((o) => [o.id, o.status])).toEqual([[order.id, 'FINISHED']]);
      expect(await r.balance()).toBe(10_000 - wa.price);
    });

    it('cancels with the refund; refusals are its own errors', async () => {
      const { r, client } = await fivesim();
      const order = await client.buyActivationNumber('brazil', 'any', 'whatsapp');
      expect((await client.cancelOrder(order.id)).status).toBe('CANCELED');
      expect(await r.balance()).toBe(10_000);
      await expect(
        client.buyActivationNumber('brazil', 'any', 'whatsapp', { maxPrice: 0.01 }),
      ).rejects.toBeInstanceOf(NoPhoneNumbersError);
      const poor = await fivesim(wa.price - 1);
      await expect(poor.client.buyActivationNumber('brazil', 'any', 'whatsapp')).rejects.toBeInstanceOf(
        InsufficientBalanceError,
      );
      expect(await poor.r.balance()).toBe(wa.price - 1);
    });
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
