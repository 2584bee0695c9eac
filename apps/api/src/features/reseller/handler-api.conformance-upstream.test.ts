import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY, createFakeSeller } from '../../providers/numbers/sms-activate.fixture.ts';
import { startTestServer } from '../../providers/numbers/test-support.ts';
import { conformanceBed } from '../../test/reseller-conformance.ts';

/**
 * The one token only an upstream seller causes: EARLY_CANCEL_DENIED. The store keeps no cancel window
 * of its own; when the seller refuses a cancel in its first minutes, the bot is told so, nothing is
 * refunded yet, and the same cancel succeeds once the seller allows it.
 */
describe('handler_api.php conformance: a seller that refuses early cancels', async () => {
  const seller = createFakeSeller();
  const server = await startTestServer((req, res) => seller.handle(req, res));
  afterAll(() => server.close());
  const bed = await conformanceBed({
    NUMBER_PROVIDERS: 'sms-activate',
    SMS_ACTIVATE_BASE_URL: server.baseUrl,
    SMS_ACTIVATE_API_KEY: API_KEY,
  });

  it('answers EARLY_CANCEL_DENIED, keeps the price held, then cancels with a refund', async () => {
    const r = await bed.reseller();
    const bought = await r.call('getNumber', { service: 'wa', country: '73' });
    const [, id] = /^ACCESS_NUMBER:(\d+):\d+$/.exec(bought.body) ?? [];
    expect(id, bought.body).toBeDefined();
    const held = await r.balance();
    expect(held).toBeLessThan(10_000);

    expect(await r.call('setStatus', { id: id!, status: '8' })).toMatchObject({
      status: 200,
      body: 'EARLY_CANCEL_DENIED',
    });
    expect((await r.call('getStatus', { id: id! })).body).toBe('STATUS_WAIT_CODE');
    expect(await r.balance()).toBe(held);

    seller.settings.earlyCancelMs = 0;
    expect((await r.call('setStatus', { id: id!, status: '8' }, 'POST')).body).toBe('ACCESS_CANCEL');
    expect(await r.balance()).toBe(10_000);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
