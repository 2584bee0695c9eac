import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';

/** Sends bytes exactly as written (no client library normalises the request line) and reads the answer. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes the connection after answering (Connection: close).
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('hostile requests', async () => {
  const { app } = await createTestApp({ env: { METRICS_TOKEN: 'a-metrics-token-for-tests' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const customer = await signUpAndSignIn(app);

  it('checks the Origin on the routed path: an absolute-form request line does not skip it', async () => {
    const body = JSON.stringify({ name: 'smuggled' });
    for (const origin of [null, 'https://evil.example']) {
      const answer = await rawHttp(
        port,
        [
          `POST http://127.0.0.1:${port}/api/v1/api-keys HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Cookie: ${customer.cookie}`,
          'Content-Type: application/json',
          ...(origin ? [`Origin: ${origin}`] : []),
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 403 Forbidden');
      expect(answer).toContain('ORIGIN_NOT_ALLOWED');
    }
    const keys = await app.inject({ url: '/api/v1/api-keys', headers: { cookie: customer.cookie } });
    expect(keys.json().total).toBe(0);
  });

  it('answers a NUL or a lone surrogate anywhere in the input with 400, never a 500', async () => {
    const cases = [
      app.inject({ url: '/api/v1/catalog/services?category=%00' }),
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=someone%40numero.test%00&password=whatever-password',
      }),
      app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { origin: TEST_ORIGIN, cookie: customer.cookie },
        payload: { name: 'bot\u0000' },
      }),
      app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/profile',
        headers: { origin: TEST_ORIGIN, cookie: customer.cookie },
        payload: { full_name: 'Ana \ud800' },
      }),
      app.inject({ url: '/api/v1/activations?status=%00', headers: { cookie: customer.cookie } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 400,
        code: 'INVALID_TEXT',
      });
    }
    const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie: customer.cookie } });
    expect(me.json().profile.full_name).toBeNull();
  });

  it("answers a malformed URL with the store's error body and security headers", async () => {
    const answer = await rawHttp(
      port,
      `GET /api/v1/%ff HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'none'");
    expect(JSON.parse(body)).toEqual({ detail: 'Requisição inválida.', code: 'BAD_REQUEST' });
  });

  it('serves /metrics only to a scraper holding the token', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-same-len' } }))
        .statusCode,
    ).toBe(404);
    const ok = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer a-metrics-token-for-tests' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds_count');
  });
});
