import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';

/** The catalogue actions over real HTTP: JSON documents in the shapes the published clients index into. */
describe('handler_api.php conformance: the catalogue', async () => {
  const bed = await conformanceBed();
  const r = await bed.reseller(0);

  const json = async (action: string, params: Record<string, string> = {}) => {
    const res = await r.allWays(action, params);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    return res.json();
  };

  it('getPrices: country id → service code → {cost, count}', async () => {
    const all = await json('getPrices');
    expect(Object.keys(all).length).toBeGreaterThan(1);
    for (const [country, services] of Object.entries<Record<string, { cost: number; count: number }>>(all)) {
      expect(country).toMatch(/^\d+$/);
      for (const [service, offer] of Object.entries(services)) {
        expect(service).toMatch(/^[a-z0-9]+$/);
        // A number of money units with at most two decimals, as the sellers send it.
        expect(Math.round(offer.cost * 100)).toBeCloseTo(offer.cost * 100, 6);
        expect(offer.cost).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(offer.count)).toBe(true);
      }
    }
    expect(await json('getPrices', { service: 'wa', country: '73' })).toEqual({
      '73': { wa: { cost: 5, count: 100_000 } },
    });
    expect(await json('getPrices', { service: 'zz' })).toEqual({});
    expect(await json('getPrices', { country: '9999' })).toEqual({});
  });

  it('never offers a service of ours under a code the protocol gives to another (its nu is Stripe)', async () => {
    // The demo sells Nubank (nu) and WhatsApp Business (wb); the protocol's nu is Stripe, its wb WeChat.
    // A key of its own: the calls below would spend the shared key's rate.
    const own = await bed.reseller();
    const ask = async (action: string, params: Record<string, string>) =>
      (await own.call(action, params)).body;
    // The protocol's standard codes are listed in every country; the store has nothing under these two.
    const all = JSON.parse(await ask('getPrices', {}));
    for (const services of Object.values<Record<string, { count: number }>>(all)) {
      expect(services.nu?.count ?? 0).toBe(0);
      expect(services.wb?.count ?? 0).toBe(0);
    }
    const status = JSON.parse(await ask('getNumbersStatus', { country: '73' }));
    expect(status.nu_0 ?? 0).toBe(0);
    expect(status.wb_0 ?? 0).toBe(0);
    expect(status.wa_0).toBeGreaterThan(0);
    expect(await ask('getTopCountriesByService', { service: 'nu' })).toBe('BAD_SERVICE');
    expect(await ask('getNumber', { service: 'nu', country: '73' })).toBe('BAD_SERVICE');
  });

  it('getTopCountriesByService: "0", "1", … → {country, count, price, retail_price}', async () => {
    const top = await json('getTopCountriesByService', { service: 'wa' });
    const entries = Object.entries<{ country: number; count: number; price: number; retail_price: number }>(
      top,
    );
    expect(entries.length).toBeGreaterThan(1);
    entries.forEach(([index, offer], i) => {
      expect(index).toBe(String(i));
      expect(Number.isInteger(offer.country)).toBe(true);
      expect(offer.count).toBeGreaterThan(0);
      expect(typeof offer.price).toBe('number');
      expect(offer.retail_price).toBe(offer.price);
      // The store's record rides along as in getPrices: numbers when known, left out otherwise.
      const extra = Object.keys(offer).filter(
        (k) => !['country', 'count', 'price', 'retail_price'].includes(k),
      );
      for (const k of extra) expect(['successRate', 'medianCodeSeconds']).toContain(k);
      for (const k of extra) expect(typeof (offer as Record<string, unknown>)[k]).toBe('number');
    });
    expect(entries.map(([, o]) => o.country)).toContain(73);
    expect((await r.allWays('getTopCountriesByService', { service: 'zz' })).body).toBe('BAD_SERVICE');
    expect((await r.allWays('getTopCountriesByService')).body).toBe('BAD_SERVICE');
  });

  it('getCountries: id → {id, rus, eng, chn, visible, retry, rent, multiService}', async () => {
    const countries = await json('getCountries');
    expect(countries['73']).toMatchObject({ id: 73, eng: 'Brazil', visible: 1, retry: 1 });
    for (const [id, c] of Object.entries<Record<string, unknown>>(countries)) {
      expect(c.id).toBe(Number(id));
      for (const name of ['rus', 'eng', 'chn']) expect(typeof c[name]).toBe('string');
      for (const flag of ['visible', 'retry', 'rent', 'multiService']) expect([0, 1]).toContain(c[flag]);
    }
  });

  it('getServicesList: {status: "success", services: [{code, name}]}, by country when asked', async () => {
    const all = await json('getServicesList');
    expect(all.status).toBe('success');
    expect(all.services).toContainEqual({ code: 'wa', name: 'WhatsApp' });
    for (const s of all.services) expect(Object.keys(s).sort()).toEqual(['code', 'name']);
    const inBrazil = await json('getServicesList', { country: '73' });
    expect(inBrazil.services.length).toBeGreaterThan(0);
    expect(inBrazil.services.length).toBeLessThanOrEqual(all.services.length);
    expect(await json('getServicesList', { country: '9999' })).toEqual({ status: 'success', services: [] });
  });

  it('getNumbersStatus: "<service>_0" → count', async () => {
    const status = await json('getNumbersStatus', { country: '73' });
    expect(status.wa_0).toBe(100_000);
    for (const [name, count] of Object.entries(status)) {
      expect(name).toMatch(/^[a-z0-9]+_0$/);
      expect(Number.isInteger(count)).toBe(true);
    }
    expect(await json('getNumbersStatus', { country: '9999' })).toEqual({});
  });
});
