import { describe, expect, it } from 'vitest';
import { conformanceBed, type Reseller } from '../../test/reseller-conformance.ts';

/**
 * The 5sim-compatible REST API over real HTTP, as 5sim's clients call it: the API key as a Bearer token,
 * 5sim's names, JSON shapes, statuses and plain-text errors, and the same money path as handler_api.php.
 */
describe('the 5sim-compatible API under /v1', async () => {
  const bed = await conformanceBed();
  const { reseller, smsArrives, wa } = bed;
  const origin = new URL(bed.base).origin;

  const get = async (path: string, r?: Reseller, token = r?.key) => {
    const res = await fetch(`${origin}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = await res.text();
    expect(res.status, `${path}: ${body}`).toBeLessThan(500);
    expect(body, 'never the website JSON error').not.toMatch(/^\{"detail"/);
    return {
      status: res.status,
      body,
      type: res.headers.get('content-type') ?? '',
      json: () => JSON.parse(body),
    };
  };
  const buy = async (r: Reseller, query = '') => {
    const res = await get(`/v1/user/buy/activation/brazil/any/whatsapp${query}`, r);
    expect(res.status, res.body).toBe(200);
    return res.json();
  };

  it('refuses a missing or wrong token with 401', async () => {
    for (const token of [undefined, 'nope', `nk_${'A'.repeat(43)}`])
      expect((await get('/v1/user/profile', undefined, token)).status).toBe(401);
  });

  it('shows the profile with the balance in the key’s currency', async () => {
    const r = await reseller(12_345);
    const profile = (await get('/v1/user/profile', r)).json();
    expect(profile).toMatchObject({ balance: 123.45, default_country: { name: 'brazil' } });
  });

  it('buys, shows the code, finishes: the order in 5sim’s shape and statuses', async () => {
    const r = await reseller();
    const order = await buy(r);
    expect(order).toMatchObject({
      id: expect.any(Number),
      phone: expect.stringMatching(/^\+55\d{10,11}$/),
      operator: 'any',
      product: 'whatsapp',
      price: 5,
      status: 'PENDING',
      sms: null,
      country: 'brazil',
    });
    expect(await r.balance()).toBe(10_000 - wa.price);
    expect((await get(`/v1/user/check/${order.id}`, r)).json()).toMatchObject({ status: 'PENDING', sms: [] });
    expect((await get(`/v1/user/finish/${order.id}`, r)).body).toBe('order no sms');
    await smsArrives();
    const checked = (await get(`/v1/user/check/${order.id}`, r)).json();
    expect(checked.status).toBe('RECEIVED');
    expect(checked.sms).toEqual([expect.objectContaining({ code: expect.stringMatching(/^\d+$/) })]);
    const inbox = (await get(`/v1/user/sms/inbox/${order.id}`, r)).json();
    expect(inbox).toMatchObject({ Total: 1, Data: [{ code: checked.sms[0].code }] });
    expect((await get(`/v1/user/cancel/${order.id}`, r)).body).toBe('order has sms');
    expect((await get(`/v1/user/finish/${order.id}`, r)).json().status).toBe('FINISHED');
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('buys from the operator in the path, and says so in the order', async () => {
    const r = await reseller();
    const res = await get('/v1/user/buy/activation/brazil/claro/whatsapp', r);
    expect(res.status, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({ operator: 'claro', product: 'whatsapp', status: 'PENDING' });
    expect((await get(`/v1/user/check/${order.id}`, r)).json().operator).toBe('claro');
    expect(await r.balance()).toBe(10_000 - wa.price);
  });

  it('cancels and bans before the code with the refund, once', async () => {
    const r = await reseller();
    const first = await buy(r);
    const cancelled = await get(`/v1/user/cancel/${first.id}`, r);
    expect(cancelled.json().status).toBe('CANCELED');
    expect((await get(`/v1/user/cancel/${first.id}`, r)).json().status).toBe('CANCELED');
    const second = await buy(r);
    expect((await get(`/v1/user/ban/${second.id}`, r)).json().status).toBe('BANNED');
    expect(await r.balance()).toBe(10_000);
  });

  it('answers 5sim’s plain-text refusals, taking no money', async () => {
    const r = await reseller();
    const other = await reseller();
    const order = await buy(other);
    const refusals: [string, number, string][] = [
      ['/v1/user/buy/activation/atlantis/any/whatsapp', 400, 'bad country'],
      // An operator no seller has in Brazil, and a name no seller could have.
      ['/v1/user/buy/activation/brazil/nextel/whatsapp', 400, 'bad operator'],
      ['/v1/user/buy/activation/brazil/vivo%20m%C3%B3vel/whatsapp', 400, 'bad operator'],
      ['/v1/user/buy/activation/brazil/any/nothing', 400, 'no product'],
      ['/v1/user/buy/activation/brazil/any/whatsapp?maxPrice=4.99', 400, 'no free phones'],
      ['/v1/user/buy/activation/brazil/any/whatsapp?reuse=1', 400, 'reuse not possible'],
      [`/v1/user/check/${order.id}`, 404, 'order not found'],
      ['/v1/user/cancel/abc', 404, 'order not found'],
    ];
    for (const [path, status, text] of refusals) {
      const res = await get(path, r);
      expect([res.status, res.body], path).toEqual([status, text]);
      expect(res.type).toMatch(/^text\/plain/);
    }
    const poor = await reseller(wa.price - 1);
    expect((await get('/v1/user/buy/activation/brazil/any/whatsapp', poor)).body).toBe(
      'not enough user balance',
    );
    expect(await r.balance()).toBe(10_000);
    expect(await poor.balance()).toBe(wa.price - 1);
  });

  it('pages the order and payment history, oldest first unless reversed', async () => {
    const r = await reseller();
    const first = await buy(r);
    await get(`/v1/user/cancel/${first.id}`, r);
    // A second later: orders made in the same instant have no order of their own.
    bed.clock.advance(1_000);
    const second = await buy(r);
    const orders = (await get('/v1/user/orders?category=activation', r)).json();
    expect(orders).toMatchObject({ Total: 2, ProductNames: [], Statuses: [] });
    expect(orders.Data.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([
      [first.id, 'CANCELED'],
      [second.id, 'PENDING'],
    ]);
    expect(orders.Data[1]).toMatchObject({ product: 'whatsapp', country: 'brazil', price: 5, sms: [] });
    const newest = (
      await get('/v1/user/orders?category=activation&limit=1&offset=0&order=id&reverse=true', r)
    ).json();
    expect([newest.Total, newest.Data.map((o: { id: number }) => o.id)]).toEqual([2, [second.id]]);
    const older = (await get('/v1/user/orders?category=activation&limit=1&offset=1&reverse=true', r)).json();
    expect(older.Data.map((o: { id: number }) => o.id)).toEqual([first.id]);
    expect((await get('/v1/user/orders?category=hosting', r)).json()).toMatchObject({ Data: [], Total: 0 });
    expect((await get('/v1/user/orders', r)).body).toBe('bad category');
    expect((await get('/v1/user/orders?category=activation&limit=x', r)).body).toBe('bad request');

    // The wallet's movements: the top-up, two purchases and the refund, in the key's currency.
    const payments = (await get('/v1/user/payments?order=id&reverse=true', r)).json();
    expect(payments.Total).toBe(4);
    expect(payments.Data.map((p: { TypeName: string; Amount: number }) => [p.TypeName, p.Amount])).toEqual([
      ['activation', -5],
      ['refund', 5],
      ['activation', -5],
      ['charge', 100],
    ]);
    expect(payments.Data[0]).toMatchObject({ Balance: 95, CreatedAt: expect.any(String) });
    expect(payments.PaymentTypes).toEqual(
      expect.arrayContaining([{ Name: 'charge' }, { Name: 'activation' }, { Name: 'refund' }]),
    );
    // Another customer's key sees none of it.
    const other = await reseller();
    expect((await get('/v1/user/orders?category=activation', other)).json().Total).toBe(0);
  });

  it('lists countries, products and prices for guests, in 5sim’s names', async () => {
    const countries = (await get('/v1/guest/countries')).json();
    expect(countries.brazil).toMatchObject({ iso: { br: 1 }, prefix: { '+55': 1 }, text_en: 'Brazil' });
    const products = (await get('/v1/guest/products/brazil/any')).json();
    expect(products.whatsapp).toEqual({ Category: 'activation', Qty: expect.any(Number), Price: 5 });
    const prices = (await get('/v1/guest/prices?country=brazil&product=whatsapp')).json();
    expect(prices).toEqual({ brazil: { whatsapp: { any: { cost: 5, count: expect.any(Number) } } } });
    expect((await get('/v1/guest/prices?country=atlantis')).body).toBe('bad country');
  });

  it('never answers a 5xx, whatever the path segments and query', async () => {
    const r = await reseller(1_000);
    const odd = ['%20', '%25', 'null', '0', '-1', '1.5', '99999999999', '%F0%9F%98%80', 'x'.repeat(2_000)];
    for (const v of odd)
      for (const path of [
        `/v1/user/buy/activation/${v}/any/whatsapp?maxPrice=${v}&reuse=${v}`,
        `/v1/user/buy/activation/brazil/${v}/${v}`,
        `/v1/user/check/${v}`,
        `/v1/user/finish/${v}`,
        `/v1/user/cancel/${v}`,
        `/v1/user/ban/${v}`,
        `/v1/user/sms/inbox/${v}`,
        `/v1/user/orders?category=${v}&limit=${v}&offset=${v}&reverse=${v}`,
        `/v1/user/payments?limit=${v}&offset=${v}`,
        `/v1/guest/products/${v}/${v}`,
        `/v1/guest/prices?country=${v}&product=${v}`,
      ])
        await get(path, r);
    // A NUL is refused before any route reads it, still in 5sim's plain text.
    const nul = await get('/v1/user/check/%00', r);
    expect([nul.status, nul.type]).toEqual([400, expect.stringMatching(/^text\/plain/)]);
    expect(await r.balance()).toBe(1_000);
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});
