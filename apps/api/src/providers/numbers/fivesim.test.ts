import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFiveSimProvider, type FiveSimProvider } from './fivesim.ts';
import {
  closedBaseUrl,
  type SeenRequest,
  send,
  startTestServer,
  type TestServer,
  upstreamErrorOf,
} from './test-support.ts';

const TOKEN = 'eyJ-test-token';

interface FakeOrder {
  id: number;
  phone: string;
  operator: string;
  product: string;
  status: string;
  sms: { created_at: string; sender: string; text: string; code: string }[] | null;
  country: string;
  created_at: string;
}

/** A small 5sim: buys, checks, cancels and finishes orders, and prices by operator. */
function createFakeFiveSim() {
  const orders = new Map<number, FakeOrder>();
  const settings = { balance: 100, freePhones: 10 };
  let forced: { status: number; body: string } | undefined;
  let nextId = 530_000_000;

  function buy(operator: string, product: string): [number, string | object] {
    if (!['whatsapp', 'telegram', 'tiktok'].includes(product)) return [400, 'no product'];
    if (settings.balance <= 0) return [400, 'not enough user balance'];
    if (settings.freePhones <= 0) return [400, 'no free phones'];
    const order: FakeOrder = {
      id: nextId++,
      phone: '+5511987650000',
      operator: operator === 'any' ? 'virtual21' : operator,
      product,
      status: 'PENDING',
      sms: null,
      country: 'brazil',
      created_at: new Date().toISOString(),
    };
    orders.set(order.id, order);
    return [200, { ...order, price: 12 }];
  }

  /** The account's order history, newest first, as /v1/user/orders?order=id&reverse=true pages it. */
  function history(query: URLSearchParams): [number, object] {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 15);
    const all = [...orders.values()].sort((a, b) => b.id - a.id);
    const Data = all.slice(offset, offset + limit).map((o) => ({ ...o, price: 12 }));
    return [200, { Data, ProductNames: [], Statuses: [], Total: all.length }];
  }

  function route(parts: string[], query: URLSearchParams): [number, string | object] {
    const [, area, verb, ...rest] = parts;
    if (verb === 'orders' && query.get('category') === 'activation') return history(query);
    if (area === 'guest' && verb === 'prices') {
      return [
        200,
        {
          brazil: {
            whatsapp: { virtual21: { cost: 12, count: 30, rate: 91 }, virtual53: { cost: 15, count: 12 } },
          },
        },
      ];
    }
    if (verb === 'profile')
      return [200, { id: 1, email: 'shop@example.com', balance: settings.balance, rating: 96 }];
    if (verb === 'buy' && rest[0] === 'activation') return buy(rest[2] ?? '', rest[3] ?? '');
    const order = orders.get(Number(rest[0]));
    if (!order) return [404, 'order not found'];
    if (verb === 'cancel') {
      if (order.sms?.length) return [400, 'order has sms'];
      order.status = 'CANCELED';
    }
    if (verb === 'finish') order.status = 'FINISHED';
    return [200, order];
  }

  return {
    settings,
    orders,
    handle(req: SeenRequest, res: ServerResponse) {
      if (forced) return send(res, forced.status, forced.body);
      const parts = req.url.pathname.split('/').filter(Boolean);
      if (parts[1] === 'user' && req.headers.authorization !== `Bearer ${TOKEN}`) return send(res, 401, '');
      const [status, body] = route(parts, req.url.searchParams);
      send(res, status, body);
    },
    force(body: string, status = 200) {
      forced = { status, body };
    },
    deliverSms(id: string, text: string, code: string) {
      const order = orders.get(Number(id))!;
      order.sms = [
        ...(order.sms ?? []),
        { created_at: new Date().toISOString(), sender: 'WhatsApp', text, code },
      ];
      order.status = 'RECEIVED';
    },
  };
}

let server: TestServer;
let fake: ReturnType<typeof createFakeFiveSim>;

function provider(overrides: Partial<Parameters<typeof createFiveSimProvider>[0]> = {}): FiveSimProvider {
  return createFiveSimProvider({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 2_000, ...overrides });
}

const order = { service: 'wa', country: 'BR', orderId: 'act_1' };

describe('5sim provider against a 5sim-like server', () => {
  beforeEach(async () => {
    fake = createFakeFiveSim();
    server = await startTestServer((req, res) => fake.handle(req, res));
  });
  afterEach(() => server.close());

  it('buys an activation by country name, operator and product with the bearer token', async () => {
    const assigned = await provider().requestNumber({ ...order, maxPrice: 20 });

    expect(assigned).toEqual({ upstreamId: '530000000', phoneNumber: '5511987650000' });
    const seen = server.requests[0]!;
    expect(seen.url.pathname).toBe('/v1/user/buy/activation/brazil/any/whatsapp');
    expect(seen.url.searchParams.get('maxPrice')).toBe('20');
    expect(seen.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('buys from the configured operator', async () => {
    await provider({ operator: 'virtual53' }).requestNumber({ ...order, service: 'tt' });

    expect(server.requests[0]!.url.pathname).toBe('/v1/user/buy/activation/brazil/virtual53/tiktok');
  });

  it('refuses a service it has no product for, and a country it has no name for, without calling 5sim', async () => {
    expect((await upstreamErrorOf(provider().requestNumber({ ...order, service: 'zz' }))).code).toBe(
      'BAD_SERVICE',
    );
    expect((await upstreamErrorOf(provider().requestNumber({ ...order, country: 'ZZ' }))).code).toBe(
      'NO_NUMBERS',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('waits, then gives the code and text of the latest SMS', async () => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);

    expect(await sim.getStatus(upstreamId)).toEqual({ state: 'waiting' });
    fake.deliverSms(upstreamId, 'Seu código do WhatsApp: 111-222', '111222');
    fake.deliverSms(upstreamId, 'Seu código do WhatsApp: 333-444', '333444');

    expect(await sim.getStatus(upstreamId)).toEqual({
      state: 'code',
      code: '333444',
      text: 'Seu código do WhatsApp: 333-444',
    });
    expect(server.requests.at(-1)!.url.pathname).toBe(`/v1/user/check/${upstreamId}`);
  });

  it('finds the code in the text when 5sim could not', async () => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);
    fake.deliverSms(upstreamId, 'Your code is 90817', '');

    expect(await sim.getStatus(upstreamId)).toMatchObject({ state: 'code', code: '90817' });
  });

  it.each([
    ['CANCELED', 'cancelled'],
    ['TIMEOUT', 'cancelled'],
    ['BANNED', 'cancelled'],
    ['FINISHED', 'finished'],
  ])('maps the order status %s to %s', async (status, state) => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);
    fake.orders.get(Number(upstreamId))!.status = status;

    expect(await sim.getStatus(upstreamId)).toEqual({ state });
  });

  it('calls an unknown order status BAD_REPLY', async () => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);
    fake.orders.get(Number(upstreamId))!.status = 'WEIRD';

    expect((await upstreamErrorOf(sim.getStatus(upstreamId))).code).toBe('BAD_REPLY');
  });

  it('cancels and finishes through their endpoints', async () => {
    const sim = provider();
    const first = await sim.requestNumber(order);
    const second = await sim.requestNumber(order);

    await sim.cancel(first.upstreamId);
    fake.deliverSms(second.upstreamId, 'G-123456', '123456');
    await sim.finish(second.upstreamId);

    expect(await sim.getStatus(first.upstreamId)).toEqual({ state: 'cancelled' });
    expect(await sim.getStatus(second.upstreamId)).toEqual({ state: 'finished' });
  });

  it('refuses to cancel an order that already has an SMS', async () => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);
    fake.deliverSms(upstreamId, 'G-123456', '123456');

    const error = await upstreamErrorOf(sim.cancel(upstreamId));

    expect(error.code).toBe('ALREADY_HAS_SMS');
    expect(error.retryableElsewhere).toBe(false);
  });

  it('checks that the order exists when another SMS is asked for', async () => {
    const sim = provider();
    const { upstreamId } = await sim.requestNumber(order);

    await sim.requestAnotherSms(upstreamId);
    expect((await upstreamErrorOf(sim.requestAnotherSms('42'))).code).toBe('NOT_FOUND');
  });

  it('maps "order not found" to NOT_FOUND and refuses malformed ids locally', async () => {
    expect((await upstreamErrorOf(provider().getStatus('777'))).code).toBe('NOT_FOUND');
    const requestsSoFar = server.requests.length;

    expect((await upstreamErrorOf(provider().cancel('../profile'))).code).toBe('NOT_FOUND');
    expect(server.requests).toHaveLength(requestsSoFar);
  });

  it('maps "no free phones" to NO_NUMBERS', async () => {
    fake.settings.freePhones = 0;

    const error = await upstreamErrorOf(provider().requestNumber(order));

    expect(error.code).toBe('NO_NUMBERS');
    expect(error.retryableElsewhere).toBe(true);
  });

  it('maps "not enough user balance" to NO_BALANCE', async () => {
    fake.settings.balance = 0;

    expect((await upstreamErrorOf(provider().requestNumber(order))).code).toBe('NO_BALANCE');
  });

  it('maps 401 to BAD_KEY without the token in the message', async () => {
    const error = await upstreamErrorOf(provider({ token: 'wrong-token' }).requestNumber(order));

    expect(error.code).toBe('BAD_KEY');
    expect(error.message).not.toContain('wrong-token');
  });

  it('sums the stock of every operator, or counts the configured one only', async () => {
    expect(await provider().getStock('wa', 'BR')).toBe(42);
    expect(await provider({ operator: 'virtual53' }).getStock('wa', 'BR')).toBe(12);
    expect(await provider({ operator: 'virtual4' }).getStock('wa', 'BR')).toBe(0);
    expect(await provider().getStock('tg', 'BR')).toBe(0);
    expect(server.requests[0]!.url.search).toBe('?country=brazil&product=whatsapp');
  });

  it("prices a number at the dearest operator that has numbers, or at the configured operator's cost", async () => {
    expect(await provider().getPrice('wa', 'BR')).toEqual({ amount: 15, currency: 'RUB' });
    expect(await provider({ operator: 'virtual21', currency: 'USD' }).getPrice('wa', 'BR')).toEqual({
      amount: 12,
      currency: 'USD',
    });
    expect(await provider({ operator: 'virtual4' }).getPrice('wa', 'BR')).toBeNull();
    expect(await provider().getPrice('wa', 'XX')).toBeNull();
  });

  it('lists its whole price list in our codes for the catalogue import, leaving out what it cannot name', async () => {
    expect(await provider().listOffers!()).toEqual([
      { service: 'wa', country: 'BR', price: { amount: 15, currency: 'RUB' }, stock: 42 },
    ]);
    expect(server.requests.at(-1)!.url.search).toBe('');
  });

  it('reads the balance from the profile', async () => {
    expect(await provider().getBalance()).toBe(100);
  });

  it.each([
    ['not json at all', 200],
    ['{"id": 1, "status": "PENDING"}', 200],
    ['something went wrong', 400],
  ])('calls the reply %j (HTTP %i) BAD_REPLY', async (body, status) => {
    fake.force(body, status);

    expect((await upstreamErrorOf(provider().requestNumber(order))).code).toBe('BAD_REPLY');
  });

  it('treats 5xx as UNAVAILABLE', async () => {
    fake.force('upstream error', 503);

    expect((await upstreamErrorOf(provider().requestNumber(order))).code).toBe('UNAVAILABLE');
  });

  describe('finding an order whose answer was lost', () => {
    const lookup = (known: string[] = [], askedAt = new Date(Date.now() - 1_000)) => ({
      ...order,
      askedAt,
      known,
    });
    const bought = () => server.requests.filter((r) => r.url.pathname.includes('/buy/')).length;

    it('finds it in the history by product, country and time, skipping orders the store holds', async () => {
      const sim = provider();
      const held = await sim.requestNumber(order);
      const lost = await sim.requestNumber(order);
      // 5sim writes nanoseconds.
      fake.orders.get(Number(lost.upstreamId))!.created_at = new Date().toISOString().replace('Z', '809469Z');
      await sim.requestNumber({ ...order, service: 'tg' });

      expect(await sim.findOrder(lookup([held.upstreamId]))).toEqual(lost);
      const asked = server.requests.at(-1)!.url;
      expect(asked.pathname).toBe('/v1/user/orders');
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({
        category: 'activation',
        order: 'id',
        reverse: 'true',
      });
      expect(bought()).toBe(3);
    });

    it('says NOT_FOUND, buying nothing, when no open order of that time is left', async () => {
      const sim = provider();
      const cancelled = await sim.requestNumber(order);
      await sim.cancel(cancelled.upstreamId);
      const earlier = await sim.requestNumber(order);
      fake.orders.get(Number(earlier.upstreamId))!.created_at = new Date(
        Date.now() - 3_600_000,
      ).toISOString();
      const held = await sim.requestNumber(order);

      const error = await upstreamErrorOf(sim.findOrder(lookup([held.upstreamId])));

      expect(error.code).toBe('NOT_FOUND');
      expect(bought()).toBe(3);
    });

    it('calls a history that is not one BAD_REPLY', async () => {
      fake.force('{"orders": []}');

      expect((await upstreamErrorOf(provider().findOrder(lookup()))).code).toBe('BAD_REPLY');
    });
  });
});

describe('5sim provider when the server misbehaves', () => {
  it('gives up with TIMEOUT when the server never answers', async () => {
    const silent = await startTestServer(() => {});
    try {
      const started = Date.now();
      const error = await upstreamErrorOf(
        createFiveSimProvider({ baseUrl: silent.baseUrl, token: TOKEN, timeoutMs: 200 }).getStatus('1'),
      );

      expect(error.code).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });

  it('reports UNAVAILABLE when nothing listens', async () => {
    const baseUrl = await closedBaseUrl();

    const error = await upstreamErrorOf(
      createFiveSimProvider({ baseUrl, token: TOKEN, timeoutMs: 2_000 }).getBalance(),
    );

    expect(error.code).toBe('UNAVAILABLE');
  });
});
