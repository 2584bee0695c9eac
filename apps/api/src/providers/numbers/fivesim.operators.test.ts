import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFiveSimProvider } from './fivesim.ts';
import { send, startTestServer, type TestServer, upstreamErrorOf } from './test-support.ts';

const TOKEN = 'eyJ-test-token';

/** 5sim's guest prices: operators per product, some sold out, one name no operator has. */
const PRICES = {
  brazil: {
    whatsapp: {
      claro: { cost: 12, count: 30 },
      vivo: { cost: 15, count: 12 },
      oi: { cost: 9, count: 0 },
      'Bad Name': { cost: 9, count: 5 },
    },
    telegram: { tim: { cost: 8, count: 4 }, vivo: { cost: 8, count: 1 } },
  },
};

describe('5sim provider: operators', () => {
  let server: TestServer;
  const provider = () => createFiveSimProvider({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 2_000 });

  beforeEach(async () => {
    server = await startTestServer((req, res) => {
      const path = req.url.pathname;
      if (path === '/v1/guest/prices') {
        const country = req.url.searchParams.get('country') ?? '';
        const product = req.url.searchParams.get('product');
        const byProduct = (PRICES as Record<string, Record<string, unknown>>)[country];
        if (!byProduct) return send(res, 200, {});
        return send(res, 200, { [country]: product ? { [product]: byProduct[product] } : byProduct });
      }
      const [, , , , , country, operator, product] = path.split('/');
      if (operator === 'nextel') return send(res, 400, 'bad operator');
      send(res, 200, { id: 77, phone: '+5511987650000', operator, product, country, status: 'PENDING' });
    });
  });
  afterEach(() => server.close());

  it('lists the operators with numbers of a product, from the guest prices', async () => {
    expect(await provider().listOperators!('BR', 'wa')).toEqual(['claro', 'vivo']);
    expect(Object.fromEntries(server.requests[0]!.url.searchParams)).toEqual({
      country: 'brazil',
      product: 'whatsapp',
    });
  });

  it('lists every product’s operators for the country without a service, none elsewhere', async () => {
    expect(await provider().listOperators!('BR')).toEqual(['claro', 'tim', 'vivo']);
    expect(await provider().listOperators!('AR', 'wa')).toEqual([]);
    // No 5sim product for the service, no 5sim name for the country: nothing is asked.
    const asked = server.requests.length;
    expect(await provider().listOperators!('BR', 'nu')).toEqual([]);
    expect(await provider().listOperators!('ZZ', 'wa')).toEqual([]);
    expect(server.requests).toHaveLength(asked);
  });

  it('buys with the operator in the path; "any" or none leaves the configured one', async () => {
    const order = { service: 'wa', country: 'BR', orderId: 'a' };
    await provider().requestNumber({ ...order, operator: 'vivo' });
    await provider().requestNumber({ ...order, operator: 'any' });
    await createFiveSimProvider({
      baseUrl: server.baseUrl,
      token: TOKEN,
      timeoutMs: 2_000,
      operator: 'virtual21',
    }).requestNumber(order);
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      '/v1/user/buy/activation/brazil/vivo/whatsapp',
      '/v1/user/buy/activation/brazil/any/whatsapp',
      '/v1/user/buy/activation/brazil/virtual21/whatsapp',
    ]);
  });

  it('reads 5sim’s "bad operator" as nothing to buy there', async () => {
    const error = await upstreamErrorOf(
      provider().requestNumber({ service: 'wa', country: 'BR', orderId: 'a', operator: 'nextel' }),
    );
    expect(error.code).toBe('NO_NUMBERS');
  });
});
