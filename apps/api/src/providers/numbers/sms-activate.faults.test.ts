import { describe, expect, it } from 'vitest';
import { API_KEY, order } from './sms-activate.fixture.ts';
import { createSmsActivateProvider } from './sms-activate.ts';
import { closedBaseUrl, startTestServer, upstreamErrorOf } from './test-support.ts';

describe('sms-activate provider when the server misbehaves', () => {
  it('gives up with TIMEOUT when the server never answers', async () => {
    const silent = await startTestServer(() => {});
    try {
      const started = Date.now();
      const error = await upstreamErrorOf(
        createSmsActivateProvider({ baseUrl: silent.baseUrl, apiKey: API_KEY, timeoutMs: 200 }).requestNumber(
          order,
        ),
      );

      expect(error.code).toBe('TIMEOUT');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error.message).not.toContain(API_KEY);
    } finally {
      await silent.close();
    }
  });

  it('gives up with TIMEOUT when the body stalls after the headers', async () => {
    const stalling = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('ACCESS_');
    });
    try {
      const error = await upstreamErrorOf(
        createSmsActivateProvider({
          baseUrl: stalling.baseUrl,
          apiKey: API_KEY,
          timeoutMs: 200,
        }).getBalance(),
      );

      expect(error.code).toBe('TIMEOUT');
    } finally {
      await stalling.close();
    }
  });

  it('reports UNAVAILABLE when nothing listens', async () => {
    const baseUrl = await closedBaseUrl();

    const error = await upstreamErrorOf(
      createSmsActivateProvider({ baseUrl, apiKey: API_KEY, timeoutMs: 2_000 }).getBalance(),
    );

    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).not.toContain(API_KEY);
  });
});
