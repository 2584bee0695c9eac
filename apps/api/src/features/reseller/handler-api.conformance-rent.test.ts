import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/helpers.ts';
import { conformanceBed, SMS_DELAY_MS } from '../../test/reseller-conformance.ts';

const HOUR = 3_600_000;

/**
 * Rentals as sms-activate's clients drive them: exact answers of every rent action, the protocol's own
 * error messages (INCORECT_STATUS spelled as it spells it), `time` as well as `rent_time`, and a POST
 * per SMS to the rental's `url`.
 */
describe('handler_api.php conformance: rentals', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, wa, clock } = bed;
  const fourHours = Math.ceil((wa.price * 300) / 100);
  const twelveHours = Math.ceil((wa.price * 500) / 100);
  const money = (cents: number) => Number((cents / 100).toFixed(2));

  const posts: { raw: string; body: Record<string, unknown>; signature: string | undefined }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      posts.push({
        raw: body,
        body: JSON.parse(body),
        signature: req.headers['x-numero-signature'] as string | undefined,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rent-hook`;
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('getRentServicesAndCountries: the exact shape, in the key currency, per rent_time', async () => {
    const r = await reseller(0);
    const answer = (await r.allWays('getRentServicesAndCountries', { country: '73', rent_time: '4' })).json();
    expect(Object.keys(answer)).toEqual(['countries', 'operators', 'services', 'currency']);
    expect(answer).toMatchObject({ countries: { 0: 73 }, operators: { 0: 'any' }, currency: 986 });
    expect(answer.services.wa).toEqual({ cost: money(fourHours), quant: expect.any(Number) });
    const twelve = (await r.call('getRentServicesAndCountries', { country: '73', time: '12' })).json();
    expect(twelve.services.wa.cost).toBe(money(twelveHours));
  });

  it('getRentNumber → getRentStatus → continueRentNumber → setRentStatus, answered exactly', async () => {
    const r = await reseller();
    const rented = (
      await r.call('getRentNumber', { service: 'wa', country: '73', rent_time: '4', url })
    ).json();
    expect(Object.keys(rented)).toEqual(['status', 'phone']);
    expect(rented.status).toBe('success');
    expect(Object.keys(rented.phone)).toEqual(['id', 'endDate', 'number']);
    expect(rented.phone.endDate).toBe('2025-03-01T16:00:00');
    expect(rented.phone.number).toMatch(/^55\d{10,11}$/);
    const id = String(rented.phone.id);
    expect(await r.balance()).toBe(10_000 - fourHours);

    expect((await r.allWays('getRentStatus', { id })).body).toBe(
      '{"status":"error","message":"STATUS_WAIT_CODE"}',
    );
    expect((await r.call('getRentList')).body).toBe(
      `{"status":"success","values":{"0":{"id":${id},"phone":"${rented.phone.number}"}}}`,
    );

    // Two SMS over the rental's life (every two activation delays), then the store's task reads them.
    clock.advance(4 * SMS_DELAY_MS + 1_000);
    await bed.app.scheduler.runOnce();
    const status = (await r.allWays('getRentStatus', { id, page: '0', size: '10' })).json();
    expect(Object.keys(status)).toEqual(['status', 'quantity', 'values']);
    expect(status.quantity).toBe('2');
    expect(Object.keys(status.values)).toEqual(['0', '1']);
    expect(Object.keys(status.values[0])).toEqual(['phoneFrom', 'text', 'service', 'date']);
    expect(status.values[0]).toMatchObject({ phoneFrom: 'WA', service: 'wa', date: '2025-03-01 12:00:20' });
    const paged = (await r.call('getRentStatus', { id, page: '1', size: '1' })).json();
    expect(paged).toMatchObject({ quantity: '2', values: { 0: { date: '2025-03-01 12:00:10' } } });

    // The rental's url had a POST per SMS.
    await bed.app.scheduler.runOnce();
    expect(posts.map((p) => Object.keys(p.body))).toEqual([
      ['rentId', 'number', 'text', 'service', 'date'],
      ['rentId', 'number', 'text', 'service', 'date'],
    ]);
    expect(posts[0]!.body).toMatchObject({ rentId: Number(id), number: rented.phone.number, service: 'wa' });
    expect(posts[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect((await r.call('getContinueRentPriceNumber', { id, rent_time: '12' })).body).toBe(
      `{"status":"success","price":${money(twelveHours)},"currency":986}`,
    );
    const continued = (await r.call('continueRentNumber', { id, time: '12' })).json();
    expect(continued).toEqual({
      status: 'success',
      phone: { id: Number(id), endDate: '2025-03-02T04:00:00', number: rented.phone.number },
    });
    expect(await r.balance()).toBe(10_000 - fourHours - twelveHours);

    // An SMS came: cancelling is refused; finishing keeps the price.
    expect((await r.call('setRentStatus', { id, status: '2' })).body).toBe(
      '{"status":"error","message":"CANT_CANCEL"}',
    );
    expect((await r.call('setRentStatus', { id, status: '3' })).body).toBe(
      '{"status":"error","message":"INCORECT_STATUS"}',
    );
    expect((await r.call('setRentStatus', { id, status: '1' })).body).toBe('{"status":"success"}');
    expect((await r.call('setRentStatus', { id, status: '1' })).body).toBe(
      '{"status":"error","message":"ALREADY_FINISH"}',
    );
    expect((await r.call('getRentStatus', { id })).body).toBe('{"status":"error","message":"STATUS_FINISH"}');
    expect((await r.call('continueRentNumber', { id, rent_time: '4' })).body).toBe(
      '{"status":"error","message":"RENT_DIE"}',
    );
    expect(await r.balance()).toBe(10_000 - fourHours - twelveHours);
  });

  it('cancels in the window with a full refund; refuses what it cannot do with the protocol tokens', async () => {
    const r = await reseller();
    const other = await reseller();
    const { phone } = (await r.call('getRentNumber', { service: 'wa', country: '73' })).json();
    const id = String(phone.id);
    expect((await other.call('getRentStatus', { id })).body).toBe(
      '{"status":"error","message":"NO_ID_RENT"}',
    );
    expect((await other.call('setRentStatus', { id, status: '2' })).body).toBe(
      '{"status":"error","message":"NO_ID_RENT"}',
    );
    expect((await r.call('setRentStatus', { id, status: '2' })).body).toBe('{"status":"success"}');
    expect(await r.balance()).toBe(10_000);
    expect((await r.call('setRentStatus', { id, status: '2' })).body).toBe(
      '{"status":"error","message":"ALREADY_CANCEL"}',
    );
    expect((await r.call('getRentStatus', { id })).body).toBe('{"status":"error","message":"STATUS_CANCEL"}');
    expect((await r.call('getRentList')).body).toBe('{"status":"error","message":"NO_NUMBERS"}');
    expect((await r.call('getRentNumber', { service: 'zz', country: '73' })).body).toBe(
      '{"status":"error","message":"BAD_SERVICE"}',
    );
    expect((await r.call('getRentNumber', { service: 'wa', country: '73', rent_time: '5' })).body).toBe(
      '{"status":"error","message":"BAD_TIME"}',
    );
    expect((await r.call('getContinueRentPriceNumber', { id, rent_time: '5' })).body).toBe(
      '{"status":"error","message":"INVALID_TIME"}',
    );
    const poor = await reseller(0);
    expect((await poor.call('getRentNumber', { service: 'wa', country: '73' })).body).toBe(
      '{"status":"error","message":"NO_BALANCE"}',
    );
    clock.advance(HOUR);
  });

  it("a rental made on the website: a POST per SMS to the customer's key webhook, signed with its secret", async () => {
    const r = await reseller();
    const keys = await bed.app.inject({ url: '/api/v1/api-keys', headers: { cookie: r.cookie } });
    const set = await bed.app.inject({
      method: 'PATCH',
      url: `/api/v1/api-keys/${keys.json().items[0].id}`,
      headers: { origin: TEST_ORIGIN, cookie: r.cookie },
      payload: { webhook_url: url },
    });
    const secret = set.json().webhook_secret as string;
    const rented = await bed.app.inject({
      method: 'POST',
      url: '/api/v1/rentals',
      headers: { origin: TEST_ORIGIN, cookie: r.cookie, 'idempotency-key': 'web-rent-webhook-1' },
      payload: { product_id: wa.id, currency: 'BRL', hours: 4 },
    });
    expect(rented.statusCode).toBe(201);
    posts.length = 0;
    clock.advance(2 * SMS_DELAY_MS + 1_000);
    await bed.app.scheduler.runOnce();
    await bed.app.scheduler.runOnce();
    expect(posts).toHaveLength(1);
    const [t, v1] = (posts[0]!.signature ?? '').split(',').map((p) => p.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${posts[0]!.raw}`).digest('hex')).toBe(v1);
    expect(posts[0]!.body).toMatchObject({
      rentId: rented.json().number,
      service: 'wa',
      code: expect.any(String),
    });
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
