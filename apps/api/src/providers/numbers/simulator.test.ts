import { describe, expect, it, vi } from 'vitest';
import type { NumberProvider } from './number-provider.ts';
import { createSimulatorProvider, type SimulatorOptions } from './simulator.ts';
import { marketCatalogue } from './simulator-data.ts';
import { upstreamErrorOf } from './test-support.ts';

const START = Date.UTC(2025, 0, 15, 12, 0, 0);
const SECOND = 1_000;

/** A simulator on a clock the test moves by hand. */
function simulator(opts: Partial<SimulatorOptions> = {}) {
  const clock = { now: START };
  const provider = createSimulatorProvider({
    minDelayMs: 10 * SECOND,
    maxDelayMs: 40 * SECOND,
    noSmsRate: 0,
    now: () => clock.now,
    ...opts,
  });
  return { provider, clock };
}

let orders = 0;
/** What the store adds when it looks a lost order up; the simulator finds by order id alone. */
const LOOKUP = { askedAt: new Date(START), known: [] };

/** BR WhatsApp by default: the simulator has stock for it (stock is fixed per pair, some pairs are empty). */
async function buy(provider: NumberProvider, country = 'BR', service = 'wa') {
  return provider.requestNumber({ service, country, orderId: `act_test_${++orders}` });
}

describe('simulator provider', () => {
  it('lists the demo catalogue for the import, out of stock for now included, the same every time', async () => {
    const sim = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });
    const offers = await sim.listOffers!();
    expect(offers).toHaveLength(14 * 13);
    expect(offers.filter((o) => o.stock === 0).length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.stock).toBe(await sim.getStock(o.service, o.country));
      if (o.stock > 0) expect(o.price).toEqual(await sim.getPrice!(o.service, o.country));
    }
    expect(await sim.listOffers!()).toEqual(offers);
    const listed = createSimulatorProvider({
      minDelayMs: 0,
      maxDelayMs: 0,
      noSmsRate: 0,
      catalogue: { services: ['vk'], countries: ['RU'] },
    });
    expect((await listed.listOffers!()).map((o) => `${o.service}-${o.country}`)).toEqual(['vk-RU']);
  });

  it("lists the market's size on request, and sells numbers in every country with a calling code", async () => {
    const { services, countries } = marketCatalogue();
    expect(services.length).toBeGreaterThanOrEqual(500);
    expect(countries.length).toBeGreaterThanOrEqual(240);
    // The demo's Nubank is "nu": the protocol's nu (Stripe) is not listed under it.
    expect(services.filter((s) => s === 'nu')).toHaveLength(1);
    const sim = createSimulatorProvider({
      minDelayMs: 0,
      maxDelayMs: 0,
      noSmsRate: 0,
      catalogue: { services, countries },
    });
    expect((await sim.listOffers!()).length).toBe(services.length * countries.length);
    // Kenya has no numbering plan of the simulator's own: +254 and nine digits.
    const inStock = (await sim.listOffers!()).find((o) => o.country === 'KE' && o.stock > 0)!;
    const kenyan = await sim.requestNumber({ service: inStock.service, country: 'KE', orderId: 'act_kenya' });
    expect(kenyan.phoneNumber).toMatch(/^254[2-9]\d{8}$/);
  });

  it('has no code before the delay and a code once it has passed', async () => {
    const { provider, clock } = simulator({ minDelayMs: 5 * SECOND, maxDelayMs: 5 * SECOND });
    const { upstreamId } = await buy(provider);

    clock.now = START + 5 * SECOND - 1;
    expect(await provider.getStatus(upstreamId)).toEqual({ state: 'waiting' });
    clock.now = START + 5 * SECOND;
    expect(await provider.getStatus(upstreamId)).toMatchObject({ state: 'code' });
  });

  it('delivers every SMS somewhere between the minimum and maximum delay', async () => {
    const { provider, clock } = simulator();
    const ids = await Promise.all(Array.from({ length: 40 }, () => buy(provider)));
    const arrivals = new Set<boolean>();

    for (const { upstreamId } of ids) {
      clock.now = START + 10 * SECOND - 1;
      expect(await provider.getStatus(upstreamId)).toEqual({ state: 'waiting' });
      clock.now = START + 25 * SECOND;
      arrivals.add((await provider.getStatus(upstreamId)).state === 'code');
      clock.now = START + 40 * SECOND;
      expect((await provider.getStatus(upstreamId)).state).toBe('code');
    }
    // Delays differ between activations: at the midpoint some have their SMS and some do not.
    expect(arrivals).toEqual(new Set([true, false]));
  });

  it('gives the same code and text every time for one activation, and different ones to others', async () => {
    const { provider, clock } = simulator();
    const first = await buy(provider);
    const second = await buy(provider);
    clock.now = START + 60 * SECOND;

    const once = await provider.getStatus(first.upstreamId);
    clock.now += 3_600 * SECOND;
    const again = await provider.getStatus(first.upstreamId);
    const other = await provider.getStatus(second.upstreamId);

    expect(again).toEqual(once);
    expect(other).not.toEqual(once);
    expect(second.phoneNumber).not.toBe(first.phoneNumber);
  });

  it('answers in another instance for an id it issued: no state is kept in the process', async () => {
    const issuer = simulator({ secret: 'shared' });
    const other = simulator({ secret: 'shared' });
    const { upstreamId } = await buy(issuer.provider);
    issuer.clock.now = other.clock.now = START + 60 * SECOND;

    expect(await other.provider.getStatus(upstreamId)).toEqual(await issuer.provider.getStatus(upstreamId));
    await other.provider.finish(upstreamId);
  });

  it('answers with the default secret for an id from a freshly loaded module, as another process would', async () => {
    const { provider, clock } = simulator();
    const { upstreamId } = await buy(provider);
    clock.now = START + 60 * SECOND;
    vi.resetModules();
    const fresh = await import('./simulator.ts');
    const otherProcess = fresh.createSimulatorProvider({
      minDelayMs: 10 * SECOND,
      maxDelayMs: 40 * SECOND,
      noSmsRate: 0,
      now: () => clock.now,
    });

    expect(fresh.createSimulatorProvider).not.toBe(createSimulatorProvider);
    expect(await otherProcess.getStatus(upstreamId)).toEqual(await provider.getStatus(upstreamId));
  });

  it('does not accept ids signed with another secret', async () => {
    const { upstreamId } = await buy(simulator({ secret: 'one' }).provider);

    const error = await upstreamErrorOf(simulator({ secret: 'two' }).provider.getStatus(upstreamId));

    expect(error.code).toBe('NOT_FOUND');
  });

  it('never sends an SMS when noSmsRate is 1', async () => {
    const { provider, clock } = simulator({ noSmsRate: 1 });
    const ids = await Promise.all(Array.from({ length: 30 }, () => buy(provider)));
    clock.now = START + 24 * 3_600 * SECOND;

    for (const { upstreamId } of ids) {
      expect(await provider.getStatus(upstreamId)).toEqual({ state: 'waiting' });
      expect(await provider.getStatus(upstreamId, { attempt: 3 })).toEqual({ state: 'waiting' });
    }
  });

  it('always sends an SMS when noSmsRate is 0', async () => {
    const { provider, clock } = simulator({ noSmsRate: 0 });
    const ids = await Promise.all(Array.from({ length: 30 }, () => buy(provider)));
    clock.now = START + 40 * SECOND;

    for (const { upstreamId } of ids) {
      expect((await provider.getStatus(upstreamId)).state).toBe('code');
    }
  });

  it('leaves about the configured share of activations without SMS, the same ones on every poll', async () => {
    const { provider, clock } = simulator({ noSmsRate: 0.3 });
    const ids = await Promise.all(Array.from({ length: 300 }, () => buy(provider)));
    clock.now = START + 3_600 * SECOND;

    const silent = [];
    for (const { upstreamId } of ids) {
      if ((await provider.getStatus(upstreamId)).state === 'waiting') silent.push(upstreamId);
    }
    for (const upstreamId of silent)
      expect(await provider.getStatus(upstreamId)).toEqual({ state: 'waiting' });
    expect(silent.length).toBeGreaterThan(45);
    expect(silent.length).toBeLessThan(135);
  });

  it('sends a new code for a resend, one more delay after the previous SMS', async () => {
    const { provider, clock } = simulator({ minDelayMs: 10 * SECOND, maxDelayMs: 10 * SECOND });
    const { upstreamId } = await buy(provider);
    clock.now = START + 10 * SECOND;
    const firstSms = await provider.getStatus(upstreamId);

    await provider.requestAnotherSms(upstreamId);
    clock.now = START + 20 * SECOND - 1;
    expect(await provider.getStatus(upstreamId, { attempt: 1 })).toEqual({ state: 'waiting' });
    clock.now = START + 20 * SECOND;
    const secondSms = await provider.getStatus(upstreamId, { attempt: 1 });

    expect(firstSms.state).toBe('code');
    expect(secondSms.state).toBe('code');
    expect(secondSms).not.toEqual(firstSms);
    expect(await provider.getStatus(upstreamId, { attempt: 0 })).toEqual(firstSms);
  });

  it.each([
    ['BR', /^55(1[1-9]|2[12478]|3[1-578]|4[1-9]|5[1345]|6[1-9]|7[134579]|8[1-9]|9[1-9])9[6-9]\d{7}$/],
    ['US', /^1[2-9]\d{2}[2-9]\d{6}$/],
    ['GB', /^447[45789]\d{8}$/],
    ['DE', /^49(15[1279]\d{8}|17[0-5]\d{7})$/],
    ['FR', /^33(6\d{8}|7[3-9]\d{7})$/],
    ['ES', /^34(6\d{8}|7[1-4]\d{7})$/],
    ['PT', /^3519[1236]\d{7}$/],
    ['MX', /^52(55|33|81|222|442|664|998)[2-9]\d+$/],
    ['AR', /^549(11|351|341|261|223)[2-9]\d+$/],
    ['CO', /^573[0-1]\d[2-9]\d{6}$/],
    ['IN', /^91[6-9]\d{9}$/],
    ['ID', /^628[1-9]\d\d{8}$/],
    ['PH', /^639\d{9}$/],
    ['RU', /^79\d{9}$/],
  ])('gives %s numbers with its dialling code and national format', async (country, format) => {
    const { provider } = simulator();
    const expectedLength: Record<string, number> = { MX: 12, AR: 13 };

    for (let i = 0; i < 25; i++) {
      const { phoneNumber } = await buy(provider, country, 'wa');
      expect(phoneNumber).toMatch(format);
      if (expectedLength[country]) expect(phoneNumber).toHaveLength(expectedLength[country]);
    }
  });

  it('has no numbers for a country it does not know', async () => {
    const { provider } = simulator();

    expect((await upstreamErrorOf(buy(provider, 'ZZ'))).code).toBe('NO_NUMBERS');
    expect(await provider.getStock('wa', 'ZZ')).toBe(0);
  });

  it('writes SMS the way each service does, in the country’s language', async () => {
    const { provider, clock } = simulator();
    const whatsapp = await buy(provider, 'BR', 'wa');
    const telegram = await buy(provider, 'US', 'tg');
    const google = await buy(provider, 'MX', 'go');
    clock.now = START + 40 * SECOND;

    const wa = await provider.getStatus(whatsapp.upstreamId);
    const tg = await provider.getStatus(telegram.upstreamId);
    const go = await provider.getStatus(google.upstreamId);

    expect(wa).toMatchObject({ state: 'code', code: expect.stringMatching(/^\d{6}$/) });
    if (wa.state !== 'code' || tg.state !== 'code' || go.state !== 'code') throw new Error('expected codes');
    expect(wa.text).toContain(`Seu código do WhatsApp: ${wa.code.slice(0, 3)}-${wa.code.slice(3)}`);
    expect(tg.code).toMatch(/^\d{5}$/);
    expect(tg.text).toMatch(new RegExp(`^Telegram code: ${tg.code}\\b`));
    expect(go.text).toBe(`G-${go.code} es tu código de verificación de Google.`);
  });

  it('gives a stable stock per service and country within 0..500, with some pairs empty', async () => {
    const { provider } = simulator();
    const services = ['wa', 'tg', 'go', 'ig', 'fb', 'tt', 'ub', 'if', 'ml', 'nu'];
    const countries = ['BR', 'US', 'GB', 'DE', 'FR', 'ES', 'PT', 'MX', 'AR', 'CO', 'IN', 'ID', 'PH'];
    const stocks: number[] = [];

    for (const country of countries) {
      for (const service of services) {
        const stock = await provider.getStock(service, country);
        expect(await simulator().provider.getStock(service, country)).toBe(stock);
        stocks.push(stock);
      }
    }
    expect(Math.min(...stocks)).toBe(0);
    expect(Math.max(...stocks)).toBeLessThanOrEqual(500);
    expect(new Set(stocks).size).toBeGreaterThan(50);
  });

  it('sells nothing where the stock is 0', async () => {
    const { provider } = simulator();
    let empty: [string, string] | undefined;
    for (const service of ['wa', 'tg', 'go', 'ig', 'fb', 'tt', 'ub', 'if', 'ml', 'nu']) {
      for (const country of ['BR', 'US', 'MX', 'ES']) {
        if ((await provider.getStock(service, country)) === 0) empty = [service, country];
      }
    }
    if (!empty) throw new Error('expected an empty pair');

    expect((await upstreamErrorOf(buy(provider, empty[1], empty[0]))).code).toBe('NO_NUMBERS');
  });

  it('refuses malformed and tampered ids on every call', async () => {
    const { provider } = simulator();
    const { upstreamId } = await buy(provider);
    const [payload, mac] = upstreamId.split('.');
    const tampered = `${Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(':BR:', ':US:')).toString('base64url')}.${mac}`;

    for (const id of ['', 'garbage', `${upstreamId}.x`, tampered]) {
      expect((await upstreamErrorOf(provider.getStatus(id))).code).toBe('NOT_FOUND');
      expect((await upstreamErrorOf(provider.cancel(id))).code).toBe('NOT_FOUND');
      expect((await upstreamErrorOf(provider.finish(id))).code).toBe('NOT_FOUND');
      expect((await upstreamErrorOf(provider.requestAnotherSms(id))).code).toBe('NOT_FOUND');
    }
    await provider.cancel(upstreamId);
  });

  it('rejects impossible options', () => {
    expect(() => simulator({ minDelayMs: 10, maxDelayMs: 5 })).toThrow(RangeError);
    expect(() => simulator({ noSmsRate: 1.5 })).toThrow(RangeError);
  });

  it('finds the number an order bought by the order id, from another process too', async () => {
    const order = { service: 'wa', country: 'BR', orderId: 'act_interrupted' };
    const seller = simulator({ secret: 'shared' }).provider;
    const sold = await seller.requestNumber(order);
    const otherProcess = simulator({ secret: 'shared' }).provider;

    const found = await otherProcess.findOrder!({ ...order, ...LOOKUP });

    expect(found?.phoneNumber).toBe(sold.phoneNumber);
    await expect(otherProcess.cancel(found!.upstreamId)).resolves.toBeUndefined();
    const another = await otherProcess.findOrder!({ ...order, ...LOOKUP, orderId: 'act_other' });
    expect(another?.phoneNumber).not.toBe(sold.phoneNumber);
  });

  it('finds nothing for an order it could never have sold, as a seller answers NO_NUMBERS', async () => {
    const { provider } = simulator();
    const unknownCountry = await upstreamErrorOf(
      provider.findOrder!({ service: 'wa', country: 'ZZ', orderId: 'act_nowhere', ...LOOKUP }),
    );
    expect(unknownCountry.code).toBe('NO_NUMBERS');
    const badService = await upstreamErrorOf(
      provider.findOrder!({ service: 'NOT A SERVICE', country: 'BR', orderId: 'act_nothing', ...LOOKUP }),
    );
    expect(badService.code).toBe('BAD_SERVICE');
  });
});
