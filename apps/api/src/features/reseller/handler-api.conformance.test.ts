import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/helpers.ts';
import {
  conformanceBed,
  expectClientSafeId,
  type Reseller,
  SHAPES,
} from '../../test/reseller-conformance.ts';

/**
 * The handler_api.php protocol as the published clients read it, over real HTTP against the running
 * store: every action, every error token, byte-exact bodies, HTTP 200 for the protocol's own errors.
 */
describe('handler_api.php conformance: keys, actions and buying', async () => {
  const bed = await conformanceBed();
  const { raw, reseller, smsArrives, wa } = bed;

  const buy = async (r: Reseller, params: Record<string, string> = {}) => {
    const res = await r.call('getNumber', { service: 'wa', country: '73', ...params });
    const match = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(res.body);
    expect(match, res.body).not.toBeNull();
    return { id: match![1]!, phone: match![2]! };
  };

  it('answers BAD_KEY, with HTTP 200 and nothing else in the body, in every shape of request', async () => {
    for (const shape of SHAPES) {
      const calls: Record<string, string>[] = [
        { action: 'getBalance' },
        { api_key: '', action: 'getBalance' },
        { api_key: 'nope', action: 'getBalance' },
        { api_key: `nk_${'A'.repeat(43)}`, action: 'getNumber', service: 'wa' },
      ];
      for (const params of calls) {
        expect(await raw(params, shape)).toMatchObject({ status: 200, body: 'BAD_KEY' });
      }
    }
  });

  it('answers BAD_KEY at once for a revoked key', async () => {
    const r = await reseller();
    expect((await r.call('getBalance')).body).toBe('ACCESS_BALANCE:100.00');
    const list = await bed.app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: { cookie: r.cookie },
    });
    const keyId = list.json().items[0].id;
    const revoked = await bed.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${keyId}`,
      headers: { origin: TEST_ORIGIN, cookie: r.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await r.call('getBalance')).body).toBe('BAD_KEY');
    expect((await r.call('getNumber', { service: 'wa' }, 'POST')).body).toBe('BAD_KEY');
    expect(await r.balance()).toBe(10_000);
  });

  it('answers BAD_ACTION for a missing or unknown action', async () => {
    const r = await reseller(0);
    expect(await r.allWays('')).toMatchObject({ status: 200, body: 'BAD_ACTION' });
    expect((await r.allWays('getEverything')).body).toBe('BAD_ACTION');
    // Names are exact, as sms-activate's are; an object's own property is no action.
    expect((await r.allWays('getbalance')).body).toBe('BAD_ACTION');
    expect((await r.allWays('constructor')).body).toBe('BAD_ACTION');
  });

  it('answers the balance with two decimals, as text', async () => {
    const r = await reseller(12_345);
    const res = await r.allWays('getBalance');
    expect(res).toMatchObject({ status: 200, body: 'ACCESS_BALANCE:123.45' });
    expect(res.type).toMatch(/^text\/plain/);
    expect((await (await reseller(0)).call('getBalance')).body).toBe('ACCESS_BALANCE:0.00');
  });

  it('sells with getNumber: an int32 id and a phone of digits only, in every shape of request', async () => {
    const r = await reseller();
    for (const shape of SHAPES) {
      const res = await r.call('getNumber', { service: 'wa', country: '73' }, shape);
      expect(res.status).toBe(200);
      const [, id, phone] = /^ACCESS_NUMBER:(\d+):(\d+)$/.exec(res.body) ?? [];
      expectClientSafeId(id!);
      expect(phone).toMatch(/^55\d{10,11}$/);
    }
    expect(await r.balance()).toBe(10_000 - SHAPES.length * wa.price);
  });

  it('answers BAD_SERVICE, NO_NUMBERS, NO_BALANCE and WRONG_MAX_PRICE:<min> without taking money', async () => {
    const r = await reseller();
    expect((await r.allWays('getNumber', { country: '73' })).body).toBe('BAD_SERVICE');
    expect((await r.allWays('getNumber', { service: 'zz', country: '73' })).body).toBe('BAD_SERVICE');
    expect((await r.allWays('getNumber', { service: 'wa', country: '9999' })).body).toBe('NO_NUMBERS');
    expect((await r.allWays('getNumber', { service: 'wa', country: 'br' })).body).toBe('NO_NUMBERS');
    for (const maxPrice of ['4.99', '0', 'abc', '-5'])
      expect((await r.allWays('getNumber', { service: 'wa', country: '73', maxPrice })).body).toBe(
        'WRONG_MAX_PRICE:5.00',
      );
    // getNumberV2 refuses in HeroSMS' JSON, the price asked for in info.min.
    const v2 = await r.allWays('getNumberV2', { service: 'wa', country: '73', maxPrice: '1' });
    expect(v2).toMatchObject({ status: 200, type: expect.stringMatching(/^application\/json/) });
    expect(v2.json()).toEqual({
      title: 'WRONG_MAX_PRICE',
      details: 'The maximum price is less than the permitted price',
      info: { min: 5 },
    });
    expect(await r.balance()).toBe(10_000);
    // A limit at or above the price buys.
    await buy(r, { maxPrice: '5.00' });
    await buy(r, { maxPrice: '7.5' });
    expect(await r.balance()).toBe(10_000 - 2 * wa.price);

    const poor = await reseller(wa.price - 1);
    expect((await poor.allWays('getNumber', { service: 'wa', country: '73' })).body).toBe('NO_BALANCE');
    const noBalance = await poor.call('getNumberV2', { service: 'wa', country: '73' });
    expect(noBalance.status).toBe(200);
    expect(noBalance.body).toBe('{"title":"NO_BALANCE","details":"Insufficient balance"}');
    expect(await poor.balance()).toBe(wa.price - 1);
  });

  it('refuses getNumberV2 as HeroSMS does: {title: <token>, details}, HTTP 200, no money taken', async () => {
    const r = await reseller();
    const refusal = async (params: Record<string, string>) => {
      const res = await r.allWays('getNumberV2', params);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^application\/json/);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['details', 'title']);
      expect(typeof body.details).toBe('string');
      return body.title;
    };
    expect(await refusal({ country: '73' })).toBe('BAD_SERVICE');
    expect(await refusal({ service: 'zz', country: '73' })).toBe('BAD_SERVICE');
    expect(await refusal({ service: 'wa', country: '9999' })).toBe('NO_NUMBERS');
    expect(await refusal({ service: 'wa', country: '73', operator: 'nextel' })).toBe('NO_NUMBERS');
    expect(await refusal({ service: 'wa', country: '73', phoneException: '5511' })).toBe(
      'WRONG_EXCEPTION_PHONE',
    );
    expect(await refusal({ service: 'wa', country: '73', orderId: 'bad id!' })).toBe('BAD_ACTION');
    expect(await r.balance()).toBe(10_000);
    // What the route answers before any action stays the same for every action: a token.
    expect((await raw({ api_key: 'nope', action: 'getNumberV2', service: 'wa' })).body).toBe('BAD_KEY');
  });

  it('sells with getNumberV2: the documented JSON types, and once per orderId', async () => {
    const r = await reseller();
    const orderId = `o-${randomUUID()}`;
    const first = await r.call('getNumberV2', { service: 'wa', country: '73', orderId });
    expect(first.type).toMatch(/^application\/json/);
    const v2 = first.json();
    expectClientSafeId(v2.activationId);
    expect(typeof v2.activationId).toBe('number');
    expect(v2.phoneNumber).toMatch(/^55\d{10,11}$/);
    expect(v2.activationCost).toBe(5);
    expect(v2.currency).toBe(986);
    expect(v2.countryCode).toBe('73');
    expect(v2.countryPhoneCode).toBe('55');
    expect(v2.canGetAnotherSms).toBe('1');
    expect(v2.activationTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(v2.activationEndTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(typeof v2.activationOperator).toBe('string');
    // The same orderId again, on either method: the same activation, charged once.
    expect((await r.call('getNumberV2', { service: 'wa', country: '73', orderId }, 'POST')).json()).toEqual(
      v2,
    );
    expect((await r.call('getNumberV2', { service: 'wa', country: '73', orderId })).json()).toEqual(v2);
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('follows one activation: statuses, the code, another SMS and the finish', async () => {
    const r = await reseller();
    const { id } = await buy(r);
    expect((await r.allWays('getStatus', { id })).body).toBe('STATUS_WAIT_CODE');
    expect((await r.allWays('getStatusV2', { id })).body).toBe('STATUS_WAIT_CODE');
    expect((await r.allWays('setStatus', { id, status: '1' })).body).toBe('ACCESS_READY');
    // Nothing to finish or resend before a code.
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('BAD_STATUS');
    expect((await r.call('setStatus', { id, status: '3' })).body).toBe('BAD_STATUS');

    await smsArrives();
    const ok = (await r.allWays('getStatus', { id })).body;
    expect(ok).toMatch(/^STATUS_OK:\d+$/);
    const code = ok.slice('STATUS_OK:'.length);
    const v2 = await r.call('getStatusV2', { id });
    expect(v2.json()).toEqual({
      verificationType: 0,
      sms: {
        dateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        code,
        text: expect.any(String),
      },
      call: null,
    });
    // A code came: no cancel gives the price back.
    expect((await r.call('setStatus', { id, status: '8' })).body).toBe('BAD_STATUS');
    expect((await r.call('setStatus', { id, status: '3' })).body).toBe('ACCESS_RETRY_GET');
    expect((await r.call('getStatus', { id })).body).toBe(`STATUS_WAIT_RETRY:${code}`);
    await smsArrives();
    expect((await r.call('getStatus', { id })).body).toMatch(/^STATUS_OK:\d+$/);
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('ACCESS_ACTIVATION');
    expect((await r.call('setStatus', { id, status: '6' })).body).toBe('ACCESS_ACTIVATION');
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('cancels without a code with 8 and with the legacy -1, refunded at once and only once', async () => {
    const r = await reseller();
    for (const status of ['8', '-1']) {
      const { id } = await buy(r);
      expect((await r.call('setStatus', { id, status }, 'POST')).body).toBe('ACCESS_CANCEL');
      expect(await r.balance()).toBe(10_000);
      expect((await r.call('getStatus', { id })).body).toBe('STATUS_CANCEL');
      expect((await r.call('setStatus', { id, status })).body).toBe('ACCESS_CANCEL');
      expect(await r.balance()).toBe(10_000);
    }
  });

  it('answers NO_ACTIVATION and BAD_STATUS for ids and statuses that name nothing', async () => {
    const owner = await reseller();
    const other = await reseller();
    const { id } = await buy(owner);
    for (const bad of ['', 'abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', ' 1'])
      expect((await owner.allWays('getStatus', { id: bad })).body).toBe('NO_ACTIVATION');
    expect((await owner.call('getStatus')).body).toBe('NO_ACTIVATION');
    expect((await owner.call('getStatusV2', { id: '2147483647' })).body).toBe('NO_ACTIVATION');
    expect((await other.call('getStatus', { id })).body).toBe('NO_ACTIVATION');
    expect((await other.call('setStatus', { id, status: '8' })).body).toBe('NO_ACTIVATION');
    for (const status of ['', '2', '9', 'x', '8.0'])
      expect((await owner.allWays('setStatus', { id, status })).body).toBe('BAD_STATUS');
    expect(await owner.balance()).toBe(10_000 - wa.price);
  });

  it('lists the active activations under both keys, every value a string', async () => {
    const r = await reseller();
    const { id, phone } = await buy(r);
    const res = await r.allWays('getActiveActivations');
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toEqual(body.activeActivations);
    expect(body.activeActivations).toHaveLength(1);
    const [entry] = body.activeActivations;
    expect(entry).toMatchObject({
      activationId: id,
      phoneNumber: phone,
      serviceCode: 'wa',
      countryCode: '73',
    });
    for (const [name, value] of Object.entries(entry))
      if (value !== null && name !== 'smsCode') expect(typeof value, name).toBe('string');
    expect(entry.canGetAnotherSms).toBe('1');
  });

  it('never answers a 5xx, whatever the parameters', async () => {
    const r = await reseller(1_000);
    const odd = ['', ' ', '%', '\u0000', 'null', '[]', '{}', '1e309', '-0', '😀', 'x'.repeat(5_000)];
    const actions = [
      'getBalance',
      'getNumber',
      'getNumberV2',
      'getStatus',
      'getStatusV2',
      'setStatus',
      'getActiveActivations',
      'getPrices',
      'getTopCountriesByService',
      'getCountries',
      'getServicesList',
      'getNumbersStatus',
    ];
    for (const action of actions)
      for (const value of odd)
        for (const shape of SHAPES)
          await r.call(
            action,
            {
              service: value,
              country: value,
              id: value,
              status: value,
              maxPrice: value,
              orderId: value,
              operator: value,
            },
            shape,
          );
    // A parameter given twice, and a body that is not a form.
    await raw({ api_key: r.key, action: 'getBalance' });
    const twice = await fetch(`${bed.base}?api_key=${r.key}&api_key=x&action=getBalance&action=getNumber`);
    expect(twice.status).toBeLessThan(500);
    const json = await fetch(bed.base, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"api_key":',
    });
    expect(json.status).toBeLessThan(500);
    expect(await r.balance()).toBeLessThanOrEqual(1_000);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
