import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';
import { STANDARD_SERVICE_CODES } from './standard-services.ts';

/**
 * Every filter a bot sends is honoured or refused with the protocol's token, never ignored; the stock
 * and price lists carry every standard service code, so clients that index by code do not crash.
 */
describe('handler_api.php conformance: filters and standard service codes', async () => {
  // Each refusal is sent in four shapes to two actions: more calls a second than a bot's default share.
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, wa } = bed;
  const waBr = { service: 'wa', country: '73' };

  it('refuses what it cannot honour, in every shape, without taking money', async () => {
    const r = await reseller();
    const refusals: [Record<string, string>, string][] = [
      // Operators no seller has in Brazil, and names no seller could have: refused, never bought as "any".
      [{ operator: 'nextel' }, 'NO_NUMBERS'],
      [{ operator: 'nextel,sprint' }, 'NO_NUMBERS'],
      [{ operator: 'vivo móvel' }, 'NO_NUMBERS'],
      // Brazilian prefixes: the store cannot choose a number by its prefix.
      [{ phoneException: '5511' }, 'WRONG_EXCEPTION_PHONE'],
      [{ phoneException: '7918,55119' }, 'WRONG_EXCEPTION_PHONE'],
      // Not prefixes at all.
      [{ phoneException: 'abc' }, 'WRONG_EXCEPTION_PHONE'],
      [{ phoneException: '12' }, 'WRONG_EXCEPTION_PHONE'],
      [{ verification: '2' }, 'NO_NUMBERS'],
      [{ verification: 'voice' }, 'NO_NUMBERS'],
      [{ activationType: '1' }, 'NO_NUMBERS'],
      [{ forward: '1' }, 'NO_NUMBERS'],
      [{ maxPrice: '4.99', freePrice: 'true' }, 'WRONG_MAX_PRICE:5.00'],
    ];
    for (const [filter, answer] of refusals) {
      expect((await r.allWays('getNumber', { ...waBr, ...filter })).body, JSON.stringify(filter)).toBe(
        answer,
      );
      // getNumberV2: the same token as HeroSMS' JSON title, WRONG_MAX_PRICE's price in info.min.
      const [title, min] = answer.split(':');
      const v2 = (await r.allWays('getNumberV2', { ...waBr, ...filter })).json();
      expect(v2, JSON.stringify(filter)).toMatchObject({
        title,
        ...(min ? { info: { min: Number(min) } } : {}),
      });
    }
    expect(await r.balance()).toBe(10_000);
  });

  it('buys when the filters can be met, at the price listed', async () => {
    const r = await reseller();
    const met: Record<string, string>[] = [
      { operator: 'any' },
      { operator: 'vivo,any' },
      { operator: 'vivo' },
      { operator: 'Claro' },
      { operator: 'nextel,tim' },
      // Russian prefixes cannot match a Brazilian number.
      { phoneException: '7918,7900111' },
      { verification: '0' },
      { verification: 'sms' },
      { activationType: '0' },
      { forward: '0' },
      { fixedPrice: 'true' },
      { maxPrice: '5.00', freePrice: 'true' },
    ];
    for (const filter of met) {
      const res = await r.call('getNumber', { ...waBr, ...filter });
      expect(res.body, JSON.stringify(filter)).toMatch(/^ACCESS_NUMBER:\d+:55\d+$/);
    }
    expect(await r.balance()).toBe(10_000 - met.length * wa.price);
  });

  it('getTopCountriesByService with freePrice: the stock at its one price in freePriceMap', async () => {
    const r = await reseller(0);
    const top = (await r.allWays('getTopCountriesByService', { service: 'wa', freePrice: 'true' })).json();
    const brazil = Object.values<{ country: number; count: number; freePriceMap: object }>(top).find(
      (o) => o.country === 73,
    );
    expect(brazil?.freePriceMap).toEqual({ '5.00': brazil?.count });
  });

  it('getNumbersStatus: every standard code, 0 where none is sold; nothing for an unsold operator', async () => {
    const r = await reseller(0);
    const stock = (await r.allWays('getNumbersStatus', { country: '73' })).json();
    for (const code of STANDARD_SERVICE_CODES) expect(stock[`${code}_0`], code).toEqual(expect.any(Number));
    expect(stock.wa_0).toBeGreaterThan(0);
    expect(stock.vk_0).toBe(0);
    const other = (await r.allWays('getNumbersStatus', { country: '73', operator: 'nextel' })).json();
    expect(Object.keys(other)).toEqual(Object.keys(stock));
    expect(Object.values(other).every((n) => n === 0)).toBe(true);
    // Stock is counted per product: an operator sold there shows the product's count.
    expect((await r.allWays('getNumbersStatus', { country: '73', operator: 'tim,nextel' })).json()).toEqual(
      stock,
    );
  });

  const waStock = (prices: Record<string, Record<string, { count: number }>>) => {
    const count = prices['73']?.wa?.count ?? 0;
    expect(count).toBeGreaterThan(0);
    return count;
  };

  it('getPrices: every standard code in every country, {cost: 0, count: 0} where none is sold', async () => {
    const r = await reseller(0);
    const brazil = (await r.allWays('getPrices', { country: '73' })).json();
    expect(Object.keys(brazil)).toEqual(['73']);
    for (const code of STANDARD_SERVICE_CODES) expect(brazil['73'][code], code).toBeDefined();
    expect(brazil['73'].wa).toEqual({ cost: 5, count: waStock(brazil) });
    expect(brazil['73'].vk).toEqual({ cost: 0, count: 0 });
    const all = (await r.call('getPrices')).json();
    for (const services of Object.values<Record<string, unknown>>(all))
      expect(services.vk).toEqual({ cost: 0, count: 0 });
    // A standard code the store does not sell: each country, with nothing in stock.
    const vk = (await r.allWays('getPrices', { service: 'vk' })).json();
    expect(Object.keys(vk).sort()).toEqual(Object.keys(all).sort());
    expect((await r.allWays('getPrices', { service: 'vk', country: '73' })).json()).toEqual({
      '73': { vk: { cost: 0, count: 0 } },
    });
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
