import { afterEach, describe, expect, it } from 'vitest';
import { order, provider, seller, server, useSeller } from './sms-activate.fixture.ts';
import { upstreamErrorOf } from './test-support.ts';

describe('sms-activate provider: operators', () => {
  afterEach(() => server.close());

  it('lists a country’s operators with getOperators, "any" left out', async () => {
    await useSeller();
    expect(await provider().listOperators!('BR')).toEqual(['vivo', 'claro', 'tim']);
    expect(Object.fromEntries(server.requests[0]!.url.searchParams)).toMatchObject({
      action: 'getOperators',
      country: '73',
    });
  });

  it('lists none where the seller has none, or cannot name the country, or lacks the action', async () => {
    await useSeller();
    expect(await provider().listOperators!('US')).toEqual([]);
    expect(await provider().listOperators!('ZZ')).toEqual([]);
    seller.force('getOperators', 'OPERATORS_NOT_FOUND');
    expect(await provider().listOperators!('BR')).toEqual([]);
    await server.close();
    await useSeller({ legacy: true });
    expect(await provider().listOperators!('BR')).toEqual([]);
  });

  it('keeps only names that are operator names, lower-cased, once', async () => {
    await useSeller();
    seller.force(
      'getOperators',
      JSON.stringify({
        status: 'success',
        countryOperators: { 73: ['any', 'Vivo', 'vivo', 'a b', 7, 'oi'] },
      }),
    );
    expect(await provider().listOperators!('BR')).toEqual(['vivo', 'oi']);
  });

  it('calls a reply it does not understand a bad reply', async () => {
    await useSeller();
    seller.force('getOperators', '{"status":"success","countryOperators":{"73":"vivo"}}');
    expect((await upstreamErrorOf(provider().listOperators!('BR'))).code).toBe('BAD_REPLY');
  });

  it('sends the operator with getNumberV2, and with getNumber on an older server', async () => {
    await useSeller();
    await provider().requestNumber({ ...order, operator: 'claro' });
    expect(server.requests[0]!.url.searchParams.get('operator')).toBe('claro');
    await server.close();
    await useSeller({ legacy: true });
    await provider().requestNumber({ ...order, operator: 'tim' });
    const [v2, v1] = server.requests;
    expect([v2!.url.searchParams.get('action'), v1!.url.searchParams.get('action')]).toEqual([
      'getNumberV2',
      'getNumber',
    ]);
    expect(v1!.url.searchParams.get('operator')).toBe('tim');
  });

  it('sends no operator for "any", and answers NO_NUMBERS for one the country lacks', async () => {
    await useSeller();
    await provider().requestNumber({ ...order, operator: 'any' });
    expect(server.requests[0]!.url.searchParams.has('operator')).toBe(false);
    const error = await upstreamErrorOf(provider().requestNumber({ ...order, orderId: 'b', operator: 'oi' }));
    expect(error.code).toBe('NO_NUMBERS');
  });
});
