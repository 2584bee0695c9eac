import { describe, expect, it } from 'vitest';
import { REUSE_WINDOW_MS } from '../../providers/numbers/simulator.ts';
import { conformanceBed, expectClientSafeId, type Reseller } from '../../test/reseller-conformance.ts';

/**
 * The same number again, in the protocol's words: sms-activate's getExtraActivation and
 * checkExtraActivation, HeroSMS's reactivate and reactivationPrice, and 5sim's reuse. Each new activation
 * is charged like a purchase; a refusal leaves the balance as it was.
 */
describe('handler_api.php conformance: the same number again', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, smsArrives, wa } = bed;
  const price = wa.price / 100;
  const origin = new URL(bed.base).origin;

  /** A number bought by getNumber whose code came: [public id, phone]. */
  async function used(r: Reseller): Promise<[string, string]> {
    const bought = (await r.call('getNumber', { service: 'wa', country: '73' })).body;
    const [, id, phone] = bought.split(':');
    await smsArrives();
    expect((await r.call('getStatus', { id: id! })).body).toMatch(/^STATUS_OK:\d+$/);
    return [id!, phone!];
  }

  it('checkExtraActivation: the exact price; getExtraActivation: ACCESS_NUMBER:<new id>:<same phone>', async () => {
    const r = await reseller();
    const [id, phone] = await used(r);
    expect((await r.allWays('checkExtraActivation', { activationId: id })).body).toBe(
      `{"status":"success","cost":${price},"currency":986}`,
    );
    const extra = await r.call('getExtraActivation', { activationId: id });
    expect(extra.body).toMatch(new RegExp(`^ACCESS_NUMBER:\\d+:${phone}$`));
    const newId = extra.body.split(':')[1]!;
    expectClientSafeId(newId);
    expect(newId).not.toBe(id);
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
    expect((await r.call('getStatus', { id: newId })).body).toBe('STATUS_WAIT_CODE');
    await smsArrives();
    expect((await r.call('getStatus', { id: newId })).body).toMatch(/^STATUS_OK:\d+$/);
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
  });

  it('refuses in the protocol’s tokens: no code yet, unknown id, short of balance', async () => {
    const r = await reseller(wa.price + 1);
    const waiting = (await r.call('getNumber', { service: 'wa', country: '73' })).body.split(':')[1]!;
    expect((await r.allWays('getExtraActivation', { activationId: waiting })).body).toBe(
      'RENEW_ACTIVATION_NOT_AVAILABLE',
    );
    expect((await r.call('checkExtraActivation', { activationId: waiting })).body).toBe(
      'RENEW_ACTIVATION_NOT_AVAILABLE',
    );
    for (const activationId of ['2147483000', 'abc', ''])
      expect((await r.call('getExtraActivation', { activationId })).body).toBe('NO_ACTIVATION');
    await smsArrives();
    // R$ 0,01 left: the price of another number is not there.
    expect((await r.call('checkExtraActivation', { activationId: waiting })).body).toBe('NO_BALANCE');
    expect((await r.call('getExtraActivation', { activationId: waiting })).body).toBe('NO_BALANCE');
    expect(await r.balance()).toBe(1);
  });

  it("HeroSMS's reactivate and reactivationPrice (id): getNumberV2's shape, the price under data", async () => {
    const r = await reseller();
    const [id, phone] = await used(r);
    expect((await r.allWays('reactivationPrice', { id })).body).toBe(
      `{"data":{"price":${price},"currency":986}}`,
    );
    const again = (await r.call('reactivate', { id })).json();
    expect(again).toEqual({
      activationId: expect.any(Number),
      phoneNumber: phone,
      activationCost: price,
      currency: 986,
      countryCode: '73',
      canGetAnotherSms: '1',
      activationTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      activationEndTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      activationOperator: 'any',
    });
    expect((await r.call('reactivate', { id: '2147483000' })).body).toBe(
      '{"title":"NO_ACTIVATION","details":"No activation of this key has this id"}',
    );
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
  });

  it("5sim's reuse: a new order on the number by product and number; its refusals in its words", async () => {
    const r = await reseller();
    const [, phone] = await used(r);
    const get = (path: string) =>
      fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${r.key}` } });
    const res = await get(`/v1/user/reuse/whatsapp/${phone}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ phone: `+${phone}`, product: 'whatsapp', status: 'PENDING' });
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
    const unknown = await get('/v1/user/reuse/whatsapp/5511000000000');
    expect([unknown.status, await unknown.text()]).toEqual([400, 'reuse not possible']);
    const product = await get(`/v1/user/reuse/nosuchapp/${phone}`);
    expect([product.status, await product.text()]).toEqual([400, 'no product']);
  });

  it('NEW_ACTIVATION_IMPOSSIBLE (and 5sim’s "reuse expired") once the seller will not sell it again', async () => {
    const r = await reseller();
    const [id, phone] = await used(r);
    bed.clock.advance(REUSE_WINDOW_MS + 60_000);
    expect((await r.allWays('checkExtraActivation', { activationId: id })).body).toBe(
      'NEW_ACTIVATION_IMPOSSIBLE',
    );
    expect((await r.call('getExtraActivation', { activationId: id })).body).toBe('NEW_ACTIVATION_IMPOSSIBLE');
    expect((await r.call('reactivate', { id })).body).toBe(
      '{"title":"NEW_ACTIVATION_IMPOSSIBLE","details":"This number can no longer be reused"}',
    );
    const res = await fetch(`${origin}/v1/user/reuse/whatsapp/${phone}`, {
      headers: { authorization: `Bearer ${r.key}` },
    });
    expect([res.status, await res.text()]).toEqual([400, 'reuse expired']);
    // Each refused reuse was charged and refunded at once: the balance is as it was.
    expect(await r.balance()).toBe(10_000 - wa.price);
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
