import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiveSimProvider } from './fivesim.ts';
import { rentingSellers, rentWithFailover } from './rent-failover.ts';
import { createSimulatorProvider } from './simulator.ts';
import { createSmsActivateProvider } from './sms-activate.ts';
import { send, startTestServer, type TestServer } from './test-support.ts';

/** A handler_api.php seller's rent actions and a 5sim's hosting, as their protocols answer. */
describe('rent capabilities of the sellers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req, res) => {
      const p = req.url.searchParams;
      const path = req.url.pathname;
      if (path === '/stubs/handler_api.php') {
        const action = p.get('action');
        if (action === 'getRentNumber')
          return p.get('rent_time') === '5'
            ? send(res, 200, '{"status":"error","message":"BAD_TIME"}')
            : send(
                res,
                200,
                '{"status":"success","phone":{"id":1049,"endDate":"2025-03-01T16:00:00","number":"79959707564"}}',
              );
        if (action === 'getRentStatus')
          return p.get('id') === '7'
            ? send(res, 200, '{"status":"error","message":"STATUS_WAIT_CODE"}')
            : send(
                res,
                200,
                '{"status":"success","quantity":"2","values":{"0":{"phoneFrom":"WhatsApp","text":"Código 123-456","service":"wa","date":"2025-03-01 12:05:00"},"1":{"phoneFrom":"Google","text":"G-998877","service":"go","date":"2025-03-01 12:06:00"}}}',
              );
        if (action === 'continueRentNumber')
          return send(
            res,
            200,
            '{"status":"success","phone":{"id":1049,"endDate":"2025-03-02T04:00:00","number":"79959707564"}}',
          );
        if (action === 'setRentStatus')
          return p.get('status') === '2'
            ? send(res, 200, '{"status":"error","message":"CANT_CANCEL"}')
            : send(res, 200, '{"status":"success"}');
      }
      if (path === '/v1/user/buy/hosting/brazil/vivo/whatsapp')
        return send(
          res,
          200,
          JSON.stringify({
            id: 55,
            phone: '+5511999990000',
            status: 'PENDING',
            expires: '2025-03-02T12:00:00Z',
            sms: null,
          }),
        );
      if (path === '/v1/user/check/55')
        return send(
          res,
          200,
          JSON.stringify({
            id: 55,
            phone: '+5511999990000',
            status: 'RECEIVED',
            sms: [
              { id: 9, date: '2025-03-01T12:01:00Z', sender: 'WhatsApp', text: 'code 4321', code: '4321' },
            ],
          }),
        );
      return send(res, 404, 'order not found');
    });
  });
  afterAll(() => server.close());

  it('sms-activate: rents, lists every SMS, extends, finishes, and reads refusals', async () => {
    const seller = createSmsActivateProvider({ baseUrl: server.baseUrl, apiKey: 'k', timeoutMs: 2_000 })
      .rental!;
    const rented = await seller.rent({ service: 'wa', country: 'BR', hours: 4, orderId: 'x' });
    expect(rented).toEqual({
      upstreamId: '1049',
      phoneNumber: '79959707564',
      endsAt: new Date('2025-03-01T16:00:00Z'),
    });
    const asked = server.requests.at(-1)!.url.searchParams;
    expect([asked.get('service'), asked.get('country'), asked.get('rent_time')]).toEqual(['wa', '73', '4']);
    const sms = await seller.messages('1049');
    expect(sms.map((s) => [s.from, s.text, s.receivedAt.toISOString()])).toEqual([
      ['WhatsApp', 'Código 123-456', '2025-03-01T12:05:00.000Z'],
      ['Google', 'G-998877', '2025-03-01T12:06:00.000Z'],
    ]);
    expect(await seller.messages('7')).toEqual([]);
    expect(await seller.extend!('1049', 12)).toEqual({ endsAt: new Date('2025-03-02T04:00:00Z') });
    await seller.finish('1049');
    await expect(seller.cancel('1049')).rejects.toMatchObject({ code: 'EARLY_CANCEL_DENIED' });
    await expect(seller.rent({ service: 'wa', country: 'BR', hours: 5, orderId: 'y' })).rejects.toMatchObject(
      {
        code: 'BAD_SERVICE',
      },
    );
  });

  it('5sim: rents hosting for a day on the chosen operator, lists its SMS, cannot extend', async () => {
    const seller = createFiveSimProvider({ baseUrl: server.baseUrl, token: 't', timeoutMs: 2_000 }).rental!;
    expect(seller.hours).toEqual([24]);
    expect(seller.extend).toBeUndefined();
    const rented = await seller.rent({
      service: 'wa',
      country: 'BR',
      hours: 24,
      orderId: 'x',
      operator: 'vivo',
    });
    expect(rented).toMatchObject({ upstreamId: '55', phoneNumber: '5511999990000' });
    expect((await seller.messages('55')).map((s) => [s.id, s.from, s.text])).toEqual([
      ['9', 'WhatsApp', 'code 4321'],
    ]);
    await expect(seller.rent({ service: 'wa', country: 'BR', hours: 4, orderId: 'x' })).rejects.toMatchObject(
      {
        code: 'BAD_SERVICE',
      },
    );
  });

  it('fails over only among sellers that rent for the duration asked', async () => {
    const fivesim = createFiveSimProvider({ baseUrl: server.baseUrl, token: 't', timeoutMs: 2_000 });
    const simulator = createSimulatorProvider({ minDelayMs: 1_000, maxDelayMs: 1_000, noSmsRate: 0 });
    const { rental: _none, ...noRent } = simulator;
    expect(rentingSellers([fivesim, simulator], 4).map((p) => p.name)).toEqual(['simulator']);
    expect(rentingSellers([noRent, fivesim], 24).map((p) => p.name)).toEqual(['5sim']);
    const served = await rentWithFailover([noRent, fivesim, simulator], {
      service: 'wa',
      country: 'BR',
      hours: 4,
      orderId: 'o',
    });
    expect(served.provider).toBe('simulator');
    await expect(
      rentWithFailover([noRent], { service: 'wa', country: 'BR', hours: 4, orderId: 'o' }),
    ).rejects.toMatchObject({
      code: 'NO_NUMBERS',
    });
  });

  it('the simulator sends several SMS over a rental, each once, from the same number', async () => {
    let t = Date.parse('2025-03-01T12:00:00Z');
    const seller = createSimulatorProvider({
      minDelayMs: 10_000,
      maxDelayMs: 10_000,
      noSmsRate: 0,
      now: () => t,
    }).rental!;
    const rented = await seller.rent({ service: 'tg', country: 'BR', hours: 4, orderId: 'abc' });
    expect(rented.phoneNumber).toMatch(/^55\d{10,11}$/);
    expect(await seller.messages(rented.upstreamId)).toEqual([]);
    t += 65_000;
    const three = await seller.messages(rented.upstreamId);
    expect(three.map((s) => s.id)).toEqual(['0', '1', '2']);
    expect(new Set(three.map((s) => s.text)).size).toBe(3);
    await expect(seller.messages('forged.id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
