import { describe, expect, it } from 'vitest';
import { topUp } from '../../test/activations-fixture.ts';
import { createTestApp, type SignedIn, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { callProtocol, createApiKey } from '../../test/reseller-fixture.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

describe('API key settings: wallet currency and webhook', async () => {
  const { app, database } = await createTestApp();
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });

  const keyIdOf = async (who: SignedIn) =>
    (await app.inject({ url: '/api/v1/api-keys', headers: { cookie: who.cookie } })).json().items[0].id;
  const patch = (who: SignedIn | null, id: string, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/api-keys/${id}`,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      payload: payload as object,
    });

  it('spends from the wallet of the key’s currency: getBalance and prices follow the setting', async () => {
    const owner = await signUpAndSignIn(app);
    await topUp(database, ledger, owner.user.id, 10_000, 'BRL');
    await topUp(database, ledger, owner.user.id, 250, 'USD');
    const key = await createApiKey(app, owner);
    const id = await keyIdOf(owner);
    const call = (action: string, params: Record<string, string> = {}) =>
      callProtocol(app, { api_key: key, action, ...params });
    expect((await call('getBalance')).body).toBe('ACCESS_BALANCE:100.00');

    const res = await patch(owner, id, { currency: 'USD' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ id, currency: 'USD', webhook_url: null });
    expect(res.json().webhook_secret).toBeUndefined();
    expect((await call('getBalance')).body).toBe('ACCESS_BALANCE:2.50');
    const listed = await app.inject({ url: '/api/v1/api-keys', headers: { cookie: owner.cookie } });
    expect(listed.json().items[0].currency).toBe('USD');
  });

  it('shows a webhook secret once when a webhook is first set, and a new one only on request', async () => {
    const owner = await signUpAndSignIn(app);
    await createApiKey(app, owner);
    const id = await keyIdOf(owner);
    const first = await patch(owner, id, { webhook_url: 'https://hooks.example.com/sms' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ webhook_url: 'https://hooks.example.com/sms', currency: 'BRL' });
    const secret = first.json().webhook_secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const moved = await patch(owner, id, { webhook_url: 'https://hooks.example.com/other' });
    expect(moved.json().webhook_secret).toBeUndefined();
    const rotated = await patch(owner, id, { rotate_webhook_secret: true });
    expect(rotated.json().webhook_secret).toMatch(/^whsec_/);
    expect(rotated.json().webhook_secret).not.toBe(secret);
    // The list never shows a secret.
    const listed = await app.inject({ url: '/api/v1/api-keys', headers: { cookie: owner.cookie } });
    expect(JSON.stringify(listed.json())).not.toContain('whsec_');

    const removed = await patch(owner, id, { webhook_url: null });
    expect(removed.json().webhook_url).toBeNull();
  });

  it('refuses bad settings with a 4xx in the caller’s language, and other people’s keys', async () => {
    const owner = await signUpAndSignIn(app);
    await createApiKey(app, owner);
    const id = await keyIdOf(owner);
    for (const body of [
      { currency: 'EUR' },
      { webhook_url: 'ftp://example.com/x' },
      { webhook_url: 'not a url' },
      { webhook_url: `https://example.com/${'x'.repeat(600)}` },
      { rotate_webhook_secret: false },
      { name: 'renamed' },
    ]) {
      const res = await patch(owner, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    expect((await patch(owner, 'not-a-uuid', { currency: 'USD' })).statusCode).toBe(422);
    expect((await patch(null, id, { currency: 'USD' })).statusCode).toBe(401);
    const stranger = await signUpAndSignIn(app);
    const theirs = await patch(stranger, id, { currency: 'USD' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe('Chave de API não encontrada.');
  });
});

describe('API key webhooks in production', async () => {
  const { app } = await createTestApp({ env: { NODE_ENV: 'production', DEMO_MODE: 'true' } });

  it('refuses plain http and private, loopback and link-local addresses', async () => {
    const owner = await signUpAndSignIn(app);
    await createApiKey(app, owner);
    const id = (await app.inject({ url: '/api/v1/api-keys', headers: { cookie: owner.cookie } })).json()
      .items[0].id;
    const set = (webhook_url: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/api-keys/${id}`,
        headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
        payload: { webhook_url },
      });
    for (const url of [
      'http://hooks.example.com/sms',
      'https://127.0.0.1/sms',
      'https://localhost:8443/sms',
      'https://10.1.2.3/sms',
      'https://192.168.0.10/sms',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/sms',
      'https://[::ffff:10.0.0.1]/sms',
      'https://user:pass@hooks.example.com/sms',
    ]) {
      const res = await set(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code).toBe('WEBHOOK_URL_REFUSED');
    }
    expect((await set('https://hooks.example.com/sms')).statusCode).toBe(200);
  });
});
