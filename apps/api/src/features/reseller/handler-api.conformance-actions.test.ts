import { describe, expect, it } from 'vitest';
import { conformanceBed, type Reseller } from '../../test/reseller-conformance.ts';

/**
 * The actions published clients send beyond buying and polling, each in every shape of request: the
 * balance with cashback, operators, ranked top countries, the SMS texts, the history, and HeroSMS'
 * cancelActivation and finishActivation.
 */
describe('handler_api.php conformance: the other actions clients send', async () => {
  const bed = await conformanceBed();
  const { reseller, smsArrives, wa } = bed;

  const buy = async (r: Reseller) => {
    const res = await r.call('getNumber', { service: 'wa', country: '73' });
    const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(res.body) ?? [];
    expect(id, res.body).toBeDefined();
    return { id: id!, phone: phone! };
  };

  it('getBalanceAndCashBack: the balance, as getBalance writes it', async () => {
    const r = await reseller(12_345);
    expect(await r.allWays('getBalanceAndCashBack')).toMatchObject({
      status: 200,
      body: 'ACCESS_BALANCE:123.45',
    });
  });

  it('getOperators: country id → "any" and the sellers\' operators, else OPERATORS_NOT_FOUND', async () => {
    const r = await reseller(0);
    const all = (await r.allWays('getOperators')).json();
    expect(all.status).toBe('success');
    expect(all.countryOperators['73']).toEqual(['any', 'claro', 'oi', 'tim', 'vivo']);
    expect(all.countryOperators['187']).toEqual(['any', 'att', 'tmobile', 'verizon']);
    expect(Object.keys(all.countryOperators).length).toBeGreaterThan(2);
    expect((await r.allWays('getOperators', { country: '73' })).body).toBe(
      '{"status":"success","countryOperators":{"73":["any","claro","oi","tim","vivo"]}}',
    );
    for (const country of ['9999', 'br', '-1'])
      expect((await r.allWays('getOperators', { country })).body).toBe('OPERATORS_NOT_FOUND');
  });

  it('getTopCountriesByServiceRank: the same ranking as getTopCountriesByService', async () => {
    const r = await reseller(0);
    const ranked = (await r.allWays('getTopCountriesByServiceRank', { service: 'wa' })).json();
    expect(ranked).toEqual((await r.call('getTopCountriesByService', { service: 'wa' })).json());
    expect(ranked['0']).toMatchObject({ country: expect.any(Number), count: expect.any(Number) });
    expect((await r.allWays('getTopCountriesByServiceRank', { service: 'zz' })).body).toBe('BAD_SERVICE');
  });

  it('getFullSms and getAllSms: waiting, then the text and every SMS; NO_ACTIVATION for others', async () => {
    const r = await reseller();
    const other = await reseller(0);
    const { id } = await buy(r);
    expect((await r.allWays('getFullSms', { id })).body).toBe('STATUS_WAIT_CODE');
    expect((await r.allWays('getAllSms', { id })).json()).toEqual({
      data: [],
      meta: { total: 0, service: 'wa' },
    });
    await smsArrives();
    const code = (await r.call('getStatus', { id })).body.replace('STATUS_OK:', '');
    const full = (await r.allWays('getFullSms', { id })).body;
    expect(full).toMatch(/^FULL_SMS:/);
    // The simulator writes the code as "123-456" in the text.
    expect(full.replace(/\D/g, '')).toContain(code);
    const all = (await r.allWays('getAllSms', { id })).json();
    expect(all.meta).toEqual({ total: 1, service: 'wa' });
    expect(all.data).toEqual([
      {
        code,
        text: full.slice('FULL_SMS:'.length),
        service: 'wa',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    expect((await r.call('getAllSms', { id, size: '1', page: '2' })).json().data).toEqual([]);
    for (const action of ['getFullSms', 'getAllSms']) {
      expect((await other.allWays(action, { id })).body).toBe('NO_ACTIVATION');
      expect((await r.allWays(action, { id: 'x' })).body).toBe('NO_ACTIVATION');
    }
  });

  it('getHistory: [{id, date, phone, sms, cost, status, currency}] newest first, paged, dates checked', async () => {
    const r = await reseller();
    const first = await buy(r);
    // Newest first is by time of purchase: a second apart.
    bed.clock.advance(1_000);
    const second = await buy(r);
    expect((await r.call('setStatus', { id: first.id, status: '8' })).body).toBe('ACCESS_CANCEL');
    const history = (await r.allWays('getHistory')).json();
    expect(history).toEqual([
      {
        id: Number(second.id),
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        phone: second.phone,
        sms: null,
        cost: 5,
        status: '4',
        currency: 986,
      },
      expect.objectContaining({ id: Number(first.id), phone: first.phone, status: '8' }),
    ]);
    expect((await r.allWays('getHistory', { limit: '1', offset: '1' })).json()).toEqual([history[1]]);
    const at = Math.floor(bed.clock.now().getTime() / 1000);
    expect((await r.call('getHistory', { start: String(at + 60), end: String(at + 120) })).json()).toEqual(
      [],
    );
    expect((await r.call('getHistory', { start: String(at - 3600), end: String(at + 60) })).json()).toEqual(
      history,
    );
    const badDates: Record<string, string>[] = [
      { start: 'yesterday' },
      { end: '-1' },
      { start: String(at - 31 * 24 * 3600), end: String(at) },
      { start: String(at), end: String(at - 60) },
    ];
    for (const params of badDates)
      expect((await r.allWays('getHistory', params)).body, JSON.stringify(params)).toBe('WRONG_DATE');
    expect((await r.allWays('getHistory', { limit: '101' })).body).toBe('BAD_ACTION');
  });

  it('cancelActivation: 204 and the price back, once; HeroSMS refusals as {title, details}', async () => {
    const r = await reseller();
    const other = await reseller(0);
    const { id } = await buy(r);
    const refused = await other.allWays('cancelActivation', { id });
    expect(refused.status).toBe(404);
    expect(refused.json()).toMatchObject({ title: 'NO_ACTIVATION' });
    expect(await r.allWays('cancelActivation', { id })).toMatchObject({ status: 204, body: '' });
    expect(await r.balance()).toBe(10_000);
    expect((await r.call('getStatus', { id })).body).toBe('STATUS_CANCEL');

    const withCode = await buy(r);
    await smsArrives();
    const late = await r.allWays('cancelActivation', { id: withCode.id });
    expect(late.status).toBe(409);
    expect(late.type).toMatch(/^application\/json/);
    expect(late.json()).toEqual({ title: 'OTP_RECEIVED', details: expect.any(String) });
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('finishActivation: 409 before a code, 204 after it, and the price stays paid', async () => {
    const r = await reseller();
    const { id } = await buy(r);
    const early = await r.allWays('finishActivation', { id });
    expect(early.status).toBe(409);
    expect(early.json()).toMatchObject({ title: 'BAD_STATUS' });
    await smsArrives();
    expect(await r.allWays('finishActivation', { id })).toMatchObject({ status: 204, body: '' });
    expect((await r.call('getStatus', { id })).body).toMatch(/^STATUS_OK:\d+$/);
    expect((await r.allWays('finishActivation', { id: '0' })).status).toBe(404);
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('never answers a 5xx to odd parameters of these actions', async () => {
    const r = await reseller(1_000);
    const actions = [
      'getBalanceAndCashBack',
      'getOperators',
      'getTopCountriesByServiceRank',
      'getFullSms',
      'getAllSms',
      'getHistory',
      'cancelActivation',
      'finishActivation',
    ];
    for (const action of actions)
      for (const value of ['', ' ', '%', 'null', '[]', '1e309', '-0', '😀', 'x'.repeat(5_000), '99999999999'])
        await r.call(action, {
          id: value,
          country: value,
          service: value,
          start: value,
          end: value,
          offset: value,
          limit: value,
          size: value,
          page: value,
        });
    expect(await r.balance()).toBe(1_000);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
