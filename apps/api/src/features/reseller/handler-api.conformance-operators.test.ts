import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';

/**
 * Operator choice as sms-activate's clients use it: getOperators lists a country's operators, and
 * `operator` (one, or a comma-separated list) is honoured on getNumber and getNumberV2, or refused with
 * NO_NUMBERS when no seller has it; never bought as "any".
 */
describe('handler_api.php conformance: operators', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, wa } = bed;
  const waBr = { service: 'wa', country: '73' };
  const orderOf = async (r: Awaited<ReturnType<typeof reseller>>, publicId: string | number) => {
    const list = await bed.app.inject({ url: '/api/v1/activations', headers: { cookie: r.cookie } });
    return list.json().items.find((a: { public_id: number }) => a.public_id === Number(publicId));
  };

  it('getOperators: the exact answer per country, "any" first, then the sellers’ operators sorted', async () => {
    const r = await reseller(0);
    expect((await r.allWays('getOperators', { country: '73' })).body).toBe(
      '{"status":"success","countryOperators":{"73":["any","claro","oi","tim","vivo"]}}',
    );
    expect((await r.allWays('getOperators', { country: '187' })).body).toBe(
      '{"status":"success","countryOperators":{"187":["any","att","tmobile","verizon"]}}',
    );
  });

  it('getNumberV2 with an operator: bought from it, named in activationOperator and in the order', async () => {
    const r = await reseller();
    const v2 = (await r.call('getNumberV2', { ...waBr, operator: 'vivo', orderId: 'op-1' })).json();
    expect(v2).toMatchObject({ activationOperator: 'vivo', countryCode: '73' });
    expect((await orderOf(r, v2.activationId)).operator).toBe('vivo');
    // The same orderId again: the same activation, with the same operator.
    const again = (await r.call('getNumberV2', { ...waBr, operator: 'vivo', orderId: 'op-1' })).json();
    expect(again).toEqual(v2);
    const any = (await r.call('getNumberV2', waBr)).json();
    expect(any.activationOperator).toBe('any');
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);
  });

  it('getNumber with a list: the first operator a seller has, skipping the ones nobody has', async () => {
    const r = await reseller();
    const body = (await r.call('getNumber', { ...waBr, operator: 'nextel,TIM,claro' })).body;
    const [, id] = /^ACCESS_NUMBER:(\d+):55\d+$/.exec(body) ?? [];
    expect(id, body).toBeDefined();
    expect((await orderOf(r, id!)).operator).toBe('tim');
  });

  it('an operator nobody sells there: NO_NUMBERS (as JSON for getNumberV2), no money taken', async () => {
    const r = await reseller();
    expect((await r.allWays('getNumber', { ...waBr, operator: 'att' })).body).toBe('NO_NUMBERS');
    expect((await r.allWays('getNumberV2', { ...waBr, operator: 'nextel,sprint' })).json()).toMatchObject({
      title: 'NO_NUMBERS',
    });
    expect(await r.balance()).toBe(10_000);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
