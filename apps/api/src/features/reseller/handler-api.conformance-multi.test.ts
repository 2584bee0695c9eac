import { describe, expect, it } from 'vitest';
import { productId } from '../../test/activations-fixture.ts';
import { conformanceBed, expectClientSafeId } from '../../test/reseller-conformance.ts';

/**
 * getMultiServiceNumber as sms-activate's clients send it: one number, one activation per service, each
 * followed, billed and refunded on its own through the usual actions.
 */
describe('handler_api.php conformance: several services on one number', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, smsArrives, wa } = bed;
  const tg = await productId(bed.database, 'TG-BR');

  it('answers [{"activation","phone","service"}] in the order asked, each its own activation', async () => {
    const r = await reseller();
    const res = await r.call('getMultiServiceNumber', { multiService: 'wa,tg', country: '73' });
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toMatch(
      /^\[\{"activation":\d+,"phone":"(55\d{10,11})","service":"wa"\},\{"activation":\d+,"phone":"\1","service":"tg"\}\]$/,
    );
    const [first, second] = res.json() as { activation: number; phone: string }[];
    expectClientSafeId(first!.activation);
    expectClientSafeId(second!.activation);
    expect(await r.balance()).toBe(10_000 - wa.price - tg.price);

    // Cancelling one refunds it alone; the other is still the bot's, and captured when its code comes.
    expect((await r.call('setStatus', { id: String(second!.activation), status: '8' })).body).toBe(
      'ACCESS_CANCEL',
    );
    expect(await r.balance()).toBe(10_000 - wa.price);
    await smsArrives();
    expect((await r.call('getStatus', { id: String(first!.activation) })).body).toMatch(/^STATUS_OK:\d+$/);
    expect((await r.call('getStatus', { id: String(second!.activation) })).body).toBe('STATUS_CANCEL');
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('refuses in getNumber’s tokens, charging nothing', async () => {
    const r = await reseller(wa.price);
    const refusals: [Record<string, string>, string][] = [
      [{ multiService: 'wa,tg', country: '73' }, 'NO_BALANCE'],
      [{ multiService: 'wa,zz', country: '73' }, 'BAD_SERVICE'],
      [{ multiService: 'wa,wa', country: '73' }, 'BAD_SERVICE'],
      [{ multiService: 'wa,tg,ig,fb,go', country: '73' }, 'BAD_SERVICE'],
      [{ multiService: '', country: '73' }, 'BAD_SERVICE'],
      [{ multiService: 'wa,tg', country: '9999' }, 'NO_NUMBERS'],
      [{ multiService: 'wa,tg', country: '73', multiForward: '1,0' }, 'NO_NUMBERS'],
      [{ multiService: 'wa', country: '73', operator: 'att' }, 'NO_NUMBERS'],
    ];
    for (const [params, answer] of refusals)
      expect((await r.allWays('getMultiServiceNumber', params)).body, JSON.stringify(params)).toBe(answer);
    expect(await r.balance()).toBe(wa.price);
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
