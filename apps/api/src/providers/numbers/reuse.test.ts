import { afterEach, describe, expect, it } from 'vitest';
import { createFiveSimProvider } from './fivesim.ts';
import type { ReusableNumber } from './number-provider.ts';
import { createSimulatorProvider, REUSE_WINDOW_MS } from './simulator.ts';
import { API_KEY, provider, seller, server, useSeller } from './sms-activate.fixture.ts';
import { send, startTestServer, type TestServer, upstreamErrorOf } from './test-support.ts';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const original: ReusableNumber = {
  upstreamId: '4000',
  phoneNumber: '5511987400012',
  service: 'wa',
  country: 'BR',
};

describe('selling a used number again (reuse)', () => {
  describe('simulator', () => {
    const clock = { now: START };
    const sim = createSimulatorProvider({
      minDelayMs: 5_000,
      maxDelayMs: 5_000,
      noSmsRate: 0,
      now: () => clock.now,
    });
    const bought = async () => {
      const first = await sim.requestNumber({ service: 'wa', country: 'BR', orderId: `o-${clock.now}` });
      return { ...original, ...first };
    };

    it('sells the same number with codes of its own, for a while after the first code', async () => {
      clock.now = START;
      const first = await bought();
      expect((await upstreamErrorOf(sim.reuseNumber!(first, 'r1'))).code).toBe('REUSE_REFUSED');
      clock.now += 6_000;
      const firstCode = await sim.getStatus(first.upstreamId);
      expect(await sim.reusePrice!(first)).toEqual(await sim.getPrice!('wa', 'BR'));
      const again = await sim.reuseNumber!(first, 'r1');
      expect(again.phoneNumber).toBe(first.phoneNumber);
      expect(again.upstreamId).not.toBe(first.upstreamId);
      // The same order id finds the same reuse (idempotent by order, as purchases are).
      expect((await sim.reuseNumber!(first, 'r1')).upstreamId).toBe(again.upstreamId);
      clock.now += 6_000;
      const secondCode = await sim.getStatus(again.upstreamId);
      expect(secondCode.state).toBe('code');
      expect(secondCode).not.toEqual(firstCode);
      // A reuse of a reuse keeps the line.
      expect((await sim.reuseNumber!({ ...first, ...again }, 'r2')).phoneNumber).toBe(first.phoneNumber);
    });

    it('refuses once the window has passed', async () => {
      clock.now = START;
      const first = await bought();
      clock.now += 5_000 + REUSE_WINDOW_MS + 1;
      expect((await upstreamErrorOf(sim.reusePrice!(first))).code).toBe('REUSE_REFUSED');
      expect((await upstreamErrorOf(sim.reuseNumber!(first, 'late'))).code).toBe('REUSE_REFUSED');
    });
  });

  describe('handler_api.php seller', () => {
    afterEach(() => server.close());

    it('buys with getExtraActivation and prices with checkExtraActivation', async () => {
      await useSeller();
      seller.force('getExtraActivation', 'ACCESS_NUMBER:5001:5511987400012');
      seller.force('checkExtraActivation', JSON.stringify({ status: 'success', cost: 3.5, currency: 643 }));
      expect(await provider().reuseNumber!(original, 'o1')).toEqual({
        upstreamId: '5001',
        phoneNumber: '5511987400012',
      });
      expect(await provider().reusePrice!(original)).toEqual({ amount: 3.5, currency: 'RUB' });
      const asked = server.requests.map((r) => Object.fromEntries(r.url.searchParams));
      expect(asked[0]).toEqual({ api_key: API_KEY, action: 'getExtraActivation', activationId: '4000' });
    });

    it("falls back to HeroSMS's reactivate and reactivationPrice", async () => {
      await useSeller();
      seller.force('reactivate', JSON.stringify({ activationId: 5002, phoneNumber: '5511987400012' }));
      seller.force('reactivationPrice', JSON.stringify({ data: { price: 2.25, currency: 643 } }));
      expect((await provider().reuseNumber!(original, 'o1')).upstreamId).toBe('5002');
      expect(await provider().reusePrice!(original)).toEqual({ amount: 2.25, currency: 'RUB' });
      expect(server.requests.map((r) => r.url.searchParams.get('action'))).toEqual([
        'getExtraActivation',
        'reactivate',
        'checkExtraActivation',
        'reactivationPrice',
      ]);
      expect(server.requests[1]!.url.searchParams.get('id')).toBe('4000');
    });

    it("calls the protocol's refusals, and a seller without either action, a refusal", async () => {
      await useSeller();
      expect((await upstreamErrorOf(provider().reuseNumber!(original, 'o1'))).code).toBe('REUSE_REFUSED');
      for (const body of ['NEW_ACTIVATION_IMPOSSIBLE', 'RENEW_ACTIVATION_NOT_AVAILABLE', 'SIM_OFFLINE']) {
        seller.force('getExtraActivation', body);
        seller.force('checkExtraActivation', body);
        expect((await upstreamErrorOf(provider().reuseNumber!(original, 'o1'))).code).toBe('REUSE_REFUSED');
        expect((await upstreamErrorOf(provider().reusePrice!(original))).code).toBe('REUSE_REFUSED');
      }
      seller.force('getExtraActivation', 'NO_BALANCE');
      expect((await upstreamErrorOf(provider().reuseNumber!(original, 'o1'))).code).toBe('NO_BALANCE');
    });
  });

  describe('5sim', () => {
    let fivesim: TestServer;
    afterEach(() => fivesim.close());

    it('reuses by product and number, and reads its refusals', async () => {
      fivesim = await startTestServer((req, res) => {
        const [, , , , product, number] = req.url.pathname.split('/');
        if (number === '5511000000000') return send(res, 400, 'reuse expired');
        if (number === '5511000000001') return send(res, 400, 'reuse not possible');
        send(res, 200, { id: 91, phone: `+${number}`, product, status: 'PENDING' });
      });
      const five = createFiveSimProvider({ baseUrl: fivesim.baseUrl, token: 't', timeoutMs: 2_000 });
      expect(await five.reuseNumber!(original, 'o1')).toEqual({
        upstreamId: '91',
        phoneNumber: '5511987400012',
      });
      expect(fivesim.requests[0]!.url.pathname).toBe('/v1/user/reuse/whatsapp/5511987400012');
      expect(await five.reusePrice!(original)).toBeNull();
      for (const phoneNumber of ['5511000000000', '5511000000001']) {
        const err = await upstreamErrorOf(five.reuseNumber!({ ...original, phoneNumber }, 'o2'));
        expect(err.code).toBe('REUSE_REFUSED');
      }
    });
  });
});
