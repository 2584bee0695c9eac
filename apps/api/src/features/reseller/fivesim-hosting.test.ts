import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conformanceBed, type Reseller, SMS_DELAY_MS } from '../../test/reseller-conformance.ts';

const ORDER_KEYS = [
  'id',
  'phone',
  'operator',
  'product',
  'price',
  'status',
  'expires',
  'sms',
  'forwarding',
  'forwarding_number',
  'created_at',
  'country',
];

/**
 * 5sim's hosting (`buy/hosting`) over the store's rentals, as 5sim's clients call it: a day's number in
 * 5sim's order shape, every SMS in `check`'s `sms` array, and `finish`/`cancel` with the rentals' rules
 * (a full refund only inside the window before any SMS), refused in 5sim's words otherwise.
 */
describe('the 5sim-compatible API: hosting', async () => {
  const bed = await conformanceBed({ RESELLER_REQUESTS_PER_SECOND: '1000' });
  const { reseller, wa, clock, ledger } = bed;
  const origin = new URL(bed.base).origin;
  const day = Math.ceil((wa.price * 800) / 100);

  const get = async (path: string, r: Reseller) => {
    const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${r.key}` } });
    const body = await res.text();
    expect(res.status, `${path}: ${body}`).toBeLessThan(500);
    return {
      status: res.status,
      body,
      type: res.headers.get('content-type') ?? '',
      json: () => JSON.parse(body),
    };
  };
  const host = async (r: Reseller) => {
    const res = await get('/v1/user/buy/hosting/brazil/any/whatsapp', r);
    expect(res.status, res.body).toBe(200);
    return res.json();
  };
  /** The simulator's rental sends an SMS every two activation delays; the store's task reads them. */
  const twoSmsArrive = async () => {
    clock.advance(4 * SMS_DELAY_MS + 1_000);
    await bed.app.scheduler.runOnce();
  };

  it('buys a day’s number: 5sim’s order shape, charged the 24 h rental price', async () => {
    const r = await reseller();
    const order = await host(r);
    expect(Object.keys(order)).toEqual(ORDER_KEYS);
    expect(order).toEqual({
      id: expect.any(Number),
      phone: expect.stringMatching(/^\+55\d{10,11}$/),
      operator: 'any',
      product: 'whatsapp',
      price: day / 100,
      status: 'PENDING',
      expires: new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
      sms: null,
      forwarding: false,
      forwarding_number: '',
      created_at: expect.any(String),
      country: 'brazil',
    });
    expect(await r.balance()).toBe(10_000 - day);
    const checked = (await get(`/v1/user/check/${order.id}`, r)).json();
    expect(checked).toEqual({ ...order, sms: [] });

    // Activations and rentals share one id space: each id names one order, of its own kind.
    const activation = (await get('/v1/user/buy/activation/brazil/any/whatsapp', r)).json();
    expect(activation.id).toBe(order.id + 1);
    expect((await get(`/v1/user/check/${activation.id}`, r)).json().expires).not.toBe(order.expires);
    const hosting = (await get('/v1/user/orders?category=hosting', r)).json();
    expect(hosting).toMatchObject({ Total: 1, Data: [{ id: order.id, status: 'PENDING', sms: [] }] });
    expect((await get('/v1/user/orders?category=activation', r)).json()).toMatchObject({
      Total: 1,
      Data: [{ id: activation.id }],
    });
  });

  it('shows every SMS in check’s sms array; after an SMS only finish, and the price is kept', async () => {
    const r = await reseller();
    const order = await host(r);
    await twoSmsArrive();
    const checked = (await get(`/v1/user/check/${order.id}`, r)).json();
    expect(checked.status).toBe('RECEIVED');
    expect(checked.sms).toHaveLength(2);
    for (const sms of checked.sms) {
      expect(Object.keys(sms)).toEqual(['created_at', 'date', 'sender', 'text', 'code']);
      expect(sms).toMatchObject({ sender: 'WA', code: expect.stringMatching(/^\d+$/) });
    }
    const inbox = (await get(`/v1/user/sms/inbox/${order.id}`, r)).json();
    expect(inbox).toMatchObject({ Total: 2, Data: [{ ID: 1, from: 'WA' }, { ID: 2 }] });

    expect(await get(`/v1/user/cancel/${order.id}`, r)).toMatchObject({ status: 400, body: 'order has sms' });
    expect(await get(`/v1/user/ban/${order.id}`, r)).toMatchObject({ status: 400, body: 'hosting order' });
    const finished = await get(`/v1/user/finish/${order.id}`, r);
    expect(finished.json()).toMatchObject({ id: order.id, status: 'FINISHED', sms: checked.sms });
    // Finishing again answers the finished order; cancelling it now is refused as an ended order.
    expect((await get(`/v1/user/finish/${order.id}`, r)).json().status).toBe('FINISHED');
    expect(await get(`/v1/user/cancel/${order.id}`, r)).toMatchObject({ status: 400, body: 'order expired' });
    expect(await r.balance()).toBe(10_000 - day);
    expect(await ledger.verify()).toEqual([]);
  });

  it('cancels inside the refund window with no SMS: CANCELED and the full price back, once', async () => {
    const r = await reseller();
    const order = await host(r);
    clock.advance(1_000);
    const cancelled = await get(`/v1/user/cancel/${order.id}`, r);
    expect(cancelled.status, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: order.id, status: 'CANCELED', sms: [] });
    expect(await r.balance()).toBe(10_000);
    expect((await get(`/v1/user/cancel/${order.id}`, r)).json().status).toBe('CANCELED');
    expect(await get(`/v1/user/finish/${order.id}`, r)).toMatchObject({ status: 400, body: 'order expired' });
    expect(await r.balance()).toBe(10_000);
    // The payments history names the rental's charge as 5sim names a hosting order, and its refund a refund.
    const payments = (await get('/v1/user/payments?order=id&reverse=true', r)).json();
    expect(payments.Data.map((p: { TypeName: string; Amount: number }) => [p.TypeName, p.Amount])).toEqual([
      ['refund', day / 100],
      ['hosting', -day / 100],
      ['charge', 100],
    ]);
    expect(payments.PaymentTypes).toEqual(
      expect.arrayContaining([{ Name: 'hosting' }, { Name: 'refund' }, { Name: 'charge' }]),
    );
    expect(await ledger.verify()).toEqual([]);
  });

  it('refuses a cancel once the window is over, as 5sim refuses to cancel hosting', async () => {
    await bed.database.db.execute(
      sql`INSERT INTO rental_settings (id, cancel_window_minutes, factor_percent, updated_at)
          VALUES (1, 0, '{}'::jsonb, now())
          ON CONFLICT (id) DO UPDATE SET cancel_window_minutes = 0`,
    );
    clock.advance(3_000); // past the rules' per-process memory
    try {
      const r = await reseller();
      const order = await host(r);
      clock.advance(1_000);
      expect(await get(`/v1/user/cancel/${order.id}`, r)).toMatchObject({
        status: 400,
        body: 'hosting order',
      });
      expect(await r.balance()).toBe(10_000 - day);
    } finally {
      await bed.database.db.execute(sql`UPDATE rental_settings SET cancel_window_minutes = 20`);
      clock.advance(3_000);
    }
  });

  it('rents from the operator in the path, or refuses one no seller has, charging nothing', async () => {
    const r = await reseller();
    const claro = await get('/v1/user/buy/hosting/brazil/claro/whatsapp', r);
    expect(claro.status, claro.body).toBe(200);
    expect(claro.json()).toMatchObject({ operator: 'claro', status: 'PENDING' });
    expect((await get(`/v1/user/check/${claro.json().id}`, r)).json().operator).toBe('claro');
    expect(await get('/v1/user/buy/hosting/brazil/nosuchnet/whatsapp', r)).toMatchObject({
      status: 400,
      body: 'bad operator',
    });
    expect(await r.balance()).toBe(10_000 - day);
  });

  it('refuses in 5sim’s words: country, product, balance, and another customer’s order', async () => {
    const r = await reseller(0);
    expect(await get('/v1/user/buy/hosting/atlantis/any/whatsapp', r)).toMatchObject({
      status: 400,
      body: 'bad country',
      type: expect.stringMatching(/^text\/plain/),
    });
    expect(await get('/v1/user/buy/hosting/brazil/any/nosuchapp', r)).toMatchObject({ body: 'no product' });
    expect(await get('/v1/user/buy/hosting/brazil/any/whatsapp', r)).toMatchObject({
      status: 400,
      body: 'not enough user balance',
    });
    expect(await r.balance()).toBe(0);

    const owner = await reseller();
    const order = await host(owner);
    for (const path of ['check', 'finish', 'cancel', 'sms/inbox'])
      expect(await get(`/v1/user/${path}/${order.id}`, r)).toMatchObject({
        status: 404,
        body: 'order not found',
      });
    expect((await get(`/v1/user/check/${order.id}`, owner)).json().status).toBe('PENDING');
    expect(await ledger.verify()).toEqual([]);
  });
});
