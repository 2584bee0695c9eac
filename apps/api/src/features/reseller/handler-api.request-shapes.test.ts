import { HANDLER_API_PATH } from '@numero/contract/reseller';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../http/rate-limit.ts';
import { conformanceBed } from '../../test/reseller-conformance.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import { handlerApiRoutes } from './handler-api.routes.ts';
import type { HandlerApi } from './handler-api.service.ts';

/**
 * Requests as PHP reads them: parameters from the query and from any body, whatever its content type,
 * the body's over the query's; answers in the protocol's tokens only, whatever goes wrong.
 */
describe('handler_api.php reads every shape of request', async () => {
  const bed = await conformanceBed();
  const r = await bed.reseller(12_345);
  const post = async (query: string, body: RequestInit['body'], type?: string) => {
    const res = await fetch(`${bed.base}${query}`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body,
    });
    return { status: res.status, body: await res.text(), type: res.headers.get('content-type') ?? '' };
  };
  const balance = { status: 200, body: 'ACCESS_BALANCE:123.45' };

  it('reads a JSON body, an empty JSON body with the query, and bodies of any other type', async () => {
    const json = JSON.stringify({ api_key: r.key, action: 'getBalance' });
    expect(await post('', json, 'application/json')).toMatchObject(balance);
    // The aiohttp and axios shapes of "everything in the URL".
    const query = `?api_key=${r.key}&action=getBalance`;
    for (const type of ['application/json', 'application/octet-stream', 'text/plain', undefined])
      expect(await post(query, '', type), String(type)).toMatchObject(balance);
    expect(await post(query, null)).toMatchObject(balance);
    // A form sent with a type that does not say so, and a body no parser knows: the query still counts.
    const form = `api_key=${r.key}&action=getBalance`;
    expect(await post('', form, 'text/plain')).toMatchObject(balance);
    expect(await post('', form, 'application/octet-stream')).toMatchObject(balance);
    expect(await post(query, '\u00ff\u0001garbage', 'application/x-whatever')).toMatchObject(balance);
    expect(await post(query, '{"broken":', 'application/json')).toMatchObject(balance);
  });

  it('lets the body win over the query, and the last of a repeated name win, as $_REQUEST does', async () => {
    const form = new URLSearchParams({ api_key: r.key, action: 'getBalance' }).toString();
    expect(await post('?action=getNumber', form, 'application/x-www-form-urlencoded')).toMatchObject(balance);
    expect(
      await post(`?api_key=nope&action=getBalance`, `api_key=${r.key}`, 'application/x-www-form-urlencoded'),
    ).toMatchObject(balance);
    const twice = await fetch(`${bed.base}?api_key=${r.key}&action=getNumber&action=getBalance`);
    expect(await twice.text()).toBe(balance.body);
    const multipart = new FormData();
    multipart.append('api_key', r.key);
    multipart.append('action', 'getBalance');
    multipart.append('upload', new Blob(['ignored']), 'file.txt');
    expect(await post('?action=getNumber', multipart)).toMatchObject(balance);
    // A multipart type without a boundary carries nothing; the query is read.
    expect(await post(`?api_key=${r.key}&action=getBalance`, 'x', 'multipart/form-data')).toMatchObject(
      balance,
    );
  });

  it('answers what it cannot read with a 4xx and a token, never the website JSON error', async () => {
    const nul = await post(`?api_key=${r.key}&action=getBalance&service=%00`, '');
    expect(nul).toMatchObject({ status: 400, body: 'BAD_ACTION' });
    expect(nul.type).toMatch(/^text\/plain/);
    const huge = await post(`?api_key=${r.key}&action=getBalance`, 'x'.repeat(1_048_577), 'text/plain');
    expect(huge).toMatchObject({ status: 413, body: 'BAD_ACTION' });
    const nulInBody = await post(
      '',
      `api_key=${r.key}&action=getBalance&x=%00`,
      'application/x-www-form-urlencoded',
    );
    expect(nulInBody).toMatchObject({ status: 400, body: 'BAD_ACTION' });
  });

  it('leaves the books balanced', async () => {
    expect(await bed.ledger.verify()).toEqual([]);
  });
});

describe('handler_api.php during a database outage', () => {
  it('answers ERROR_SQL with 503 and Retry-After, as the website answers 503', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const app = Fastify();
    await app.register(handlerApiRoutes, {
      apiKeys: { authenticate: async () => Promise.reject(lost) } as unknown as ApiKeysService,
      handlerApi: {} as HandlerApi,
      limiter: createMemoryRateLimiter(() => new Date()),
      now: () => new Date(),
    });
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: `${HANDLER_API_PATH}?api_key=k&action=getBalance` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toBe('ERROR_SQL');
    }
    await app.close();
  });
});
