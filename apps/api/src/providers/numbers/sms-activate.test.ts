import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, order, provider, seller, server, useSeller } from './sms-activate.fixture.ts';
import { upstreamErrorOf } from './test-support.ts';

describe('sms-activate provider against a handler_api.php server', () => {
  beforeEach(() => useSeller());
  afterEach(() => server.close());

  it('buys with getNumberV2, sending the key, the numeric country, the service and our order id', async () => {
    const assigned = await provider().requestNumber({ ...order, maxPrice: 3.5 });

    expect(assigned).toEqual({ upstreamId: '4000', phoneNumber: '5511987400012' });
    const query = server.requests[0]!.url.searchParams;
    expect(server.requests[0]!.url.pathname).toBe('/stubs/handler_api.php');
    expect(Object.fromEntries(query)).toEqual({
      api_key: API_KEY,
      action: 'getNumberV2',
      service: 'wa',
      country: '73',
      maxPrice: '3.5',
      orderId: 'act_1',
    });
  });

  it('gets the same activation back when a purchase is retried with the same order id', async () => {
    const first = await provider().requestNumber(order);
    const retried = await provider().requestNumber(order);
    const other = await provider().requestNumber({ ...order, orderId: 'act_2' });

    expect(retried).toEqual(first);
    expect(other.upstreamId).not.toBe(first.upstreamId);
  });

  it('works with a base URL that ends in a slash', async () => {
    await provider({ baseUrl: `${server.baseUrl}/` }).requestNumber(order);

    expect(server.requests[0]!.url.pathname).toBe('/stubs/handler_api.php');
  });

  it('translates our TikTok code to the seller’s own', async () => {
    await provider().requestNumber({ ...order, service: 'tt' });

    expect(server.requests[0]!.url.searchParams.get('service')).toBe('lf');
  });

  it('never buys a store-only service under the code the protocol gives to another one', async () => {
    // The store's nu is Nubank, the protocol's nu Stripe.
    const error = await upstreamErrorOf(provider().requestNumber({ ...order, service: 'nu' }));
    expect(error.code).toBe('BAD_SERVICE');
    expect(await provider().getPrice!('nu', 'BR')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a country it has no id for without calling the seller', async () => {
    const error = await upstreamErrorOf(provider().requestNumber({ ...order, country: 'ZZ' }));

    expect(error.code).toBe('NO_NUMBERS');
    expect(server.requests).toHaveLength(0);
  });

  it('waits, then returns the code once the SMS has come', async () => {
    const sms = provider();
    const { upstreamId } = await sms.requestNumber(order);

    expect(await sms.getStatus(upstreamId)).toEqual({ state: 'waiting' });
    seller.deliverSms(upstreamId, '482913');
    expect(await sms.getStatus(upstreamId)).toEqual({ state: 'code', code: '482913', text: '482913' });
  });

  it('asks for another SMS with setStatus 3 and waits for it', async () => {
    const sms = provider();
    const { upstreamId } = await sms.requestNumber(order);
    seller.deliverSms(upstreamId, '111111');

    await sms.requestAnotherSms(upstreamId);
    expect(server.requests.at(-1)!.url.searchParams.get('status')).toBe('3');
    expect(await sms.getStatus(upstreamId)).toEqual({ state: 'waiting' });

    seller.deliverSms(upstreamId, '222222');
    expect(await sms.getStatus(upstreamId)).toMatchObject({ state: 'code', code: '222222' });
  });

  it('finishes with setStatus 6 and marks ready with setStatus 1', async () => {
    const sms = provider();
    const { upstreamId } = await sms.requestNumber(order);

    await sms.markReady(upstreamId);
    seller.deliverSms(upstreamId, '123456');
    await sms.finish(upstreamId);

    const statuses = server.requests.map((r) => r.url.searchParams.get('status')).filter(Boolean);
    expect(statuses).toEqual(['1', '6']);
  });

  it('reports the early-cancel refusal as its own error, one failover must not act on', async () => {
    const sms = provider();
    const { upstreamId } = await sms.requestNumber(order);

    const error = await upstreamErrorOf(sms.cancel(upstreamId));

    expect(error.code).toBe('EARLY_CANCEL_DENIED');
    expect(error.retryableElsewhere).toBe(false);
    expect(await sms.getStatus(upstreamId)).toEqual({ state: 'waiting' });
  });

  it('cancels with setStatus 8 once the seller allows it', async () => {
    seller.settings.earlyCancelMs = 0;
    const sms = provider();
    const { upstreamId } = await sms.requestNumber(order);

    await sms.cancel(upstreamId);

    expect(server.requests.at(-1)!.url.searchParams.get('status')).toBe('8');
    expect(await sms.getStatus(upstreamId)).toEqual({ state: 'cancelled' });
  });

  it('maps an unknown activation to NOT_FOUND', async () => {
    const error = await upstreamErrorOf(provider().getStatus('999999'));

    expect(error.code).toBe('NOT_FOUND');
  });

  it('refuses a malformed id without calling the seller', async () => {
    const error = await upstreamErrorOf(provider().finish('1&action=getBalance'));

    expect(error.code).toBe('NOT_FOUND');
    expect(server.requests).toHaveLength(0);
  });

  it('reads the stock from getPrices, 0 when the service is not listed', async () => {
    const sms = provider();

    expect(await sms.getStock('wa', 'BR')).toBe(41);
    expect(await sms.getStock('tg', 'BR')).toBe(0);
    expect(await sms.getStock('ig', 'BR')).toBe(0);
    expect(await sms.getStock('wa', 'US')).toBe(0);
    expect(server.requests[0]!.url.searchParams.get('action')).toBe('getPrices');
  });

  it('lists the whole price list in one getPrices call, in our codes, for the catalogue import', async () => {
    seller.force(
      'getPrices',
      JSON.stringify({
        73: {
          wa: { cost: '2.50', count: '41' },
          cq: { cost: 3, count: 0 },
          bad: { cost: 'x', count: 1 },
          // Stripe and ApostaGanha at the seller; Nubank and Mercado Livre in the store: left out.
          nu: { cost: 1, count: 5 },
          ml: { cost: 1, count: 5 },
        },
        187: { tg: { cost: 1.2, count: 9 } },
        0: { tg: { cost: 5, count: 4 } },
        9999: { wa: { cost: 1, count: 1 } },
      }),
    );
    expect(await provider().listOffers!()).toEqual([
      { service: 'tg', country: 'RU', price: { amount: 5, currency: 'RUB' }, stock: 4 },
      { service: 'wa', country: 'BR', price: { amount: 2.5, currency: 'RUB' }, stock: 41 },
      // Mercado Livre is "cq" at the seller, "ml" in the store.
      { service: 'ml', country: 'BR', price: { amount: 3, currency: 'RUB' }, stock: 0 },
      { service: 'tg', country: 'US', price: { amount: 1.2, currency: 'RUB' }, stock: 9 },
    ]);
    const asked = server.requests[0]!.url.searchParams;
    expect([asked.get('action'), asked.get('service'), asked.get('country')]).toEqual([
      'getPrices',
      null,
      null,
    ]);
  });

  it('reads the balance', async () => {
    expect(await provider().getBalance()).toBe(12.34);
  });

  it.each([
    ['NO_NUMBERS', 'NO_NUMBERS'],
    ['NO_BALANCE', 'NO_BALANCE'],
    ['BAD_SERVICE', 'BAD_SERVICE'],
    ['BANNED:2025-01-01 10:00:00', 'BANNED'],
    ['WRONG_MAX_PRICE:4.20', 'NO_NUMBERS'],
    ['ERROR_SQL', 'BAD_REPLY'],
  ] as const)('maps the purchase reply %s to %s', async (body, code) => {
    seller.force('getNumberV2', body);

    const error = await upstreamErrorOf(provider().requestNumber(order));

    expect(error.code).toBe(code);
    expect(error.retryableElsewhere).toBe(true);
  });

  it("reads getNumberV2's refusals in HeroSMS' JSON form", async () => {
    seller.force('getNumberV2', JSON.stringify({ title: 'NO_BALANCE', details: 'Not enough money' }));
    const error = await upstreamErrorOf(provider().requestNumber(order));
    expect(error.code).toBe('NO_BALANCE');
    expect(error.message).toContain('Not enough money');
  });

  it('keeps the detail of a token in the message: the minimum price, the end of a ban', async () => {
    seller.force('getNumberV2', 'WRONG_MAX_PRICE:4.20');
    const tooCheap = await upstreamErrorOf(provider().requestNumber({ ...order, maxPrice: 3 }));
    seller.force('getNumberV2', 'BANNED:2025-01-01 10:00:00');
    const banned = await upstreamErrorOf(provider().requestNumber(order));

    expect(tooCheap.message).toContain('4.20');
    expect(banned.message).toContain('2025-01-01 10:00:00');
  });

  it('maps a wrong key to BAD_KEY without putting the key in the message', async () => {
    const error = await upstreamErrorOf(provider({ apiKey: 'wrong-key' }).requestNumber(order));

    expect(error.code).toBe('BAD_KEY');
    expect(error.message).not.toContain('wrong-key');
  });

  it('falls back to getNumber on a server without getNumberV2', async () => {
    await server.close();
    await useSeller({ legacy: true });

    const assigned = await provider().requestNumber(order);

    expect(assigned).toEqual({ upstreamId: '4000', phoneNumber: '5511987400012' });
    const actions = server.requests.map((r) => r.url.searchParams.get('action'));
    expect(actions).toEqual(['getNumberV2', 'getNumber']);
    expect(server.requests[1]!.url.searchParams.has('orderId')).toBe(false);
  });

  it('finds the activation an order bought, and on a server without getNumberV2 says it cannot', async () => {
    const bought = await provider().requestNumber(order);

    expect(await provider().findOrder(order)).toEqual(bought);
    await server.close();
    await useSeller({ legacy: true });
    expect(await provider().findOrder(order)).toBeNull();
    // Never the getNumber fallback: that would buy a number no order points to.
    expect(server.requests.map((r) => r.url.searchParams.get('action'))).toEqual(['getNumberV2']);
  });

  it.each([
    ['getNumberV2', '{"activationId": 5}'],
    ['getNumberV2', '{"phoneNumber": "5511987654321"}'],
    ['getNumberV2', '<html>maintenance</html>'],
    ['getStatus', 'STATUS_OK:'],
    ['getStatus', 'SOMETHING_NEW'],
  ])('calls a malformed %s reply (%s) BAD_REPLY', async (action, body) => {
    seller.force(action, body);
    const sms = provider();

    const error = await upstreamErrorOf(
      action === 'getStatus' ? sms.getStatus('4000') : sms.requestNumber(order),
    );

    expect(error.code).toBe('BAD_REPLY');
  });

  it('calls an unexpected setStatus reply BAD_REPLY rather than success', async () => {
    seller.force('setStatus', 'ACCESS_READY');

    const error = await upstreamErrorOf(provider().cancel('4000'));

    expect(error.code).toBe('BAD_REPLY');
  });

  it('hides the key when a strange reply echoes it', async () => {
    seller.force('getBalance', `unknown request api_key=${API_KEY}`);

    const error = await upstreamErrorOf(provider().getBalance());

    expect(error.code).toBe('BAD_REPLY');
    expect(error.message).toContain('api_key=***');
    expect(error.message).not.toContain(API_KEY);
  });

  it('treats a 5xx as UNAVAILABLE whatever its body says', async () => {
    seller.force('getNumberV2', '<h1>502 Bad Gateway</h1>', 502);

    const error = await upstreamErrorOf(provider().requestNumber(order));

    expect(error.code).toBe('UNAVAILABLE');
  });
});
