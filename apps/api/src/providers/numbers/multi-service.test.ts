import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatorProvider } from './simulator.ts';
import { API_KEY, provider, seller, server, useSeller } from './sms-activate.fixture.ts';
import { upstreamErrorOf } from './test-support.ts';

describe('one number for several services (getMultiServiceNumber)', () => {
  it('simulator: one number, an activation per service with codes of its own', async () => {
    let now = Date.UTC(2025, 0, 15, 12);
    const sim = createSimulatorProvider({
      minDelayMs: 5_000,
      maxDelayMs: 5_000,
      noSmsRate: 0,
      now: () => now,
    });
    const multi = await sim.requestMultiServiceNumber!({
      services: ['wa', 'tg'],
      country: 'BR',
      orderId: 'm1',
    });
    expect(multi.phoneNumber).toMatch(/^55\d{10,11}$/);
    expect(multi.activations.map((a) => a.service)).toEqual(['wa', 'tg']);
    now += 6_000;
    const [wa, tg] = await Promise.all(multi.activations.map((a) => sim.getStatus(a.upstreamId)));
    expect(wa).toMatchObject({ state: 'code' });
    expect(tg).toMatchObject({ state: 'code' });
    expect(wa).not.toEqual(tg);
    const op = await upstreamErrorOf(
      sim.requestMultiServiceNumber!({ services: ['wa'], country: 'BR', orderId: 'm2', operator: 'att' }),
    );
    expect(op.code).toBe('BAD_OPERATOR');
  });

  describe('handler_api.php seller', () => {
    afterEach(() => server.close());

    it('sends multiService=wa,tg and reads each activation back under our service codes', async () => {
      await useSeller();
      seller.force(
        'getMultiServiceNumber',
        JSON.stringify([
          { phone: '5511987400012', activation: 7001, service: 'wa' },
          { phone: '5511987400012', activation: 7002, service: 'cq' },
        ]),
      );
      const multi = await provider().requestMultiServiceNumber!({
        services: ['wa', 'ml'],
        country: 'BR',
        orderId: 'm1',
        operator: 'vivo',
      });
      expect(multi).toEqual({
        phoneNumber: '5511987400012',
        activations: [
          { service: 'wa', upstreamId: '7001' },
          { service: 'ml', upstreamId: '7002' },
        ],
      });
      expect(Object.fromEntries(server.requests[0]!.url.searchParams)).toEqual({
        api_key: API_KEY,
        action: 'getMultiServiceNumber',
        multiService: 'wa,cq',
        country: '73',
        operator: 'vivo',
      });
    });

    it('reads its refusals; a seller without the action is one to pass over', async () => {
      await useSeller();
      expect(
        (
          await upstreamErrorOf(
            provider().requestMultiServiceNumber!({ services: ['wa'], country: 'BR', orderId: 'x' }),
          )
        ).code,
      ).toBe('BAD_SERVICE');
      seller.force('getMultiServiceNumber', 'NO_NUMBERS');
      const none = await upstreamErrorOf(
        provider().requestMultiServiceNumber!({ services: ['wa', 'tg'], country: 'BR', orderId: 'y' }),
      );
      expect(none.code).toBe('NO_NUMBERS');
      // Two numbers in one answer is not one number for several services.
      seller.force(
        'getMultiServiceNumber',
        JSON.stringify([
          { phone: '5511987400012', activation: 1, service: 'wa' },
          { phone: '5511987400099', activation: 2, service: 'tg' },
        ]),
      );
      const odd = await upstreamErrorOf(
        provider().requestMultiServiceNumber!({ services: ['wa', 'tg'], country: 'BR', orderId: 'z' }),
      );
      expect(odd.code).toBe('BAD_REPLY');
    });
  });
});
