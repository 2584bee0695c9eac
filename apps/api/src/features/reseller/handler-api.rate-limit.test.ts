import { describe, expect, it } from 'vitest';
import { conformanceBed } from '../../test/reseller-conformance.ts';

/** The per-key limit is a setting, answered the same way on every action, and apart from the website's. */
describe('handler_api.php per-key rate limit (RESELLER_REQUESTS_PER_SECOND)', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '5' });

  it('answers TOO_MANY_REQUESTS with Retry-After past the figure, for that key only, until the second is over', async () => {
    const r = await bed.reseller(0);
    for (let i = 0; i < 5; i++) expect((await r.call('getBalance')).body).toBe('ACCESS_BALANCE:0.00');
    const limited = await fetch(`${bed.base}?api_key=${r.key}&action=getBalance`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.text()).toBe('TOO_MANY_REQUESTS');
    expect((await r.call('getStatus', { id: '1' }, 'POST')).body).toBe('TOO_MANY_REQUESTS');
    // Another key is not held back by this one.
    expect((await (await bed.reseller(0)).call('getBalance')).body).toBe('ACCESS_BALANCE:0.00');
    bed.clock.advance(1_000);
    expect((await r.call('getBalance')).body).toBe('ACCESS_BALANCE:0.00');
  });

  it('lets a key buy more than the website’s ten purchases a minute, at its own pace', async () => {
    const r = await bed.reseller();
    for (let i = 0; i < 12; i++) {
      expect((await r.call('getNumber', { service: 'wa', country: '73' })).body).toMatch(/^ACCESS_NUMBER:/);
      if (i % 4 === 3) bed.clock.advance(1_000);
    }
    expect(await r.balance()).toBe(10_000 - 12 * bed.wa.price);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
