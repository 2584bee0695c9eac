import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import { signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';

const URL = '/api/v1/admin/settings';
const KEY = 'APP_USR-1234567890-abcdef-secret-9876';

describe('store settings', async () => {
  const f = await createStaffFixture();
  const { app, database, admin } = f;
  const put = (payload: unknown, who = admin) =>
    app.inject({
      method: 'PUT',
      url: URL,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      payload: payload as object,
    });
  const audit = () =>
    queryRows<{ action: string; actor_email: string; before: unknown; after: unknown }>(
      database.db,
      sql`SELECT action, actor_email, before, after FROM audit_logs WHERE entity_type = 'settings' ORDER BY id`,
    );

  it('starts from the spec and the environment: 20 minutes, the top-up limits, no keys', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    const res = await f.get(URL, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = res.json();
    expect(view.values).toMatchObject({
      activation_window_minutes: 20,
      purchase_limit_per_minute: 10,
      registrations_per_hour: 10,
      topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    });
    expect(view.secrets.stripe_secret_key).toEqual({ set: false, masked: null });
  });

  it('lets MANAGER read but never write, and only ADMIN write', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    const customer = await signUpAndSignIn(app);
    expect((await put({ values: { activation_window_minutes: 30 } }, manager)).statusCode).toBe(403);
    expect((await put({ values: { activation_window_minutes: 30 } }, customer)).statusCode).toBe(403);
    expect((await f.get(URL, customer)).statusCode).toBe(403);
    expect((await f.get(URL, null)).statusCode).toBe(401);
    expect(app.declaredAccess.get(`PUT ${URL}`)).toEqual(['ADMIN']);
    expect(app.declaredAccess.get(`GET ${URL}`)).toEqual(['MANAGER', 'ADMIN']);
    expect((await f.get(URL)).json().values.activation_window_minutes).toBe(20);
  });

  it('refuses bad input with a 422 in the caller’s language and changes nothing', async () => {
    const cases: unknown[] = [
      { values: { activation_window_minutes: 0 } },
      { values: { activation_window_minutes: 20.5 } },
      { values: { activation_window_minutes: '30' } },
      { values: { registrations_per_hour: -1 } },
      { values: { topup_limits: { BRL: { min: 9000, max: 1000 }, USD: { min: 100, max: 1000 } } } },
      { values: { topup_limits: { BRL: { min: 500, max: 1000 } } } },
      { values: { unknown_key: 1 } },
      { secrets: { stripe_secret_key: 'short' } },
      { secrets: { paypal_key: 'abcdefghijklmnop' } },
      // The masked form the screen shows, sent back as if it were the key.
      { secrets: { stripe_secret_key: '••••9876' } },
    ];
    for (const body of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const text = await app.inject({
      method: 'PUT',
      url: URL,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'text/plain' },
      payload: 'activation_window_minutes=1',
    });
    expect(text.statusCode).toBe(415);
    expect((await f.get(URL)).json().values.activation_window_minutes).toBe(20);
    expect(await audit()).toEqual([]);
  });

  it('keeps payment keys write-only: stored, shown masked, never read back, audited without the value', async () => {
    const res = await put({ secrets: { mercadopago_access_token: KEY } });
    expect(res.statusCode).toBe(200);
    expect(res.json().secrets.mercadopago_access_token).toEqual({ set: true, masked: '••••9876' });
    expect(res.body).not.toContain(KEY.slice(0, 12));
    const again = await f.get(URL);
    expect(again.body).not.toContain(KEY.slice(0, 12));
    const rows = await audit();
    expect(JSON.stringify(rows)).not.toContain(KEY.slice(0, 12));
    expect(rows.at(-1)).toMatchObject({
      action: 'UPDATE_SETTINGS',
      before: { mercadopago_access_token: 'unset' },
      after: { mercadopago_access_token: 'set' },
    });
    const removed = await put({ secrets: { mercadopago_access_token: null } });
    expect(removed.json().secrets.mercadopago_access_token).toEqual({ set: false, masked: null });
  });

  it('applies a new activation window and purchase limit to the next purchase, audited before and after', async () => {
    const res = await put({ values: { activation_window_minutes: 30, purchase_limit_per_minute: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      values: { activation_window_minutes: 30, purchase_limit_per_minute: 2 },
      updated_by: 'admin@numero.test',
    });
    expect((await audit()).at(-1)).toMatchObject({
      actor_email: 'admin@numero.test',
      before: { activation_window_minutes: 20, purchase_limit_per_minute: 10 },
      after: { activation_window_minutes: 30, purchase_limit_per_minute: 2 },
    });
    const buyer = await f.customer(50_000);
    const bought = await f.buy(buyer);
    expect(bought.statusCode).toBe(201);
    const { expires_at } = bought.json();
    expect(new Date(expires_at).getTime() - f.clock.now().getTime()).toBe(30 * 60_000);
    expect((await f.buy(buyer)).statusCode).toBe(201);
    const third = await f.buy(buyer);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('PURCHASE_RATE_LIMITED');
  });

  it('applies the early-cancel window and the simulator switch to the next purchase', async () => {
    await put({ values: { early_cancel_minutes: 1 } });
    const buyer = await f.customer(50_000);
    const bought = (await f.buy(buyer)).json();
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/activations/${bought.id}/cancel`,
        headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
      });
    const early = await cancel();
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('EARLY_CANCEL_DENIED');
    f.clock.advance(61_000);
    expect((await cancel()).statusCode).toBe(200);
    await put({ values: { early_cancel_minutes: 0 } });

    // With simulated numbers switched off, the only provider is off: the purchase is refunded at once.
    await put({ values: { sandbox: { payments: true, numbers: false } } });
    const refused = await f.buy(buyer);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('UPSTREAM_UNAVAILABLE');
    await put({ values: { sandbox: { payments: true, numbers: true } } });
  });

  it('switches the sandbox’s "pay now" off and on', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const post = (url: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, cookie },
        ...(payload ? { payload } : {}),
      });
    const intent = (
      await post('/api/v1/wallets/payments/create-intent', { amount: 1_000, currency: 'BRL', method: 'pix' })
    ).json();
    await put({ values: { sandbox: { payments: false, numbers: true } } });
    const refused = await post(`/api/v1/wallets/payments/${intent.id}/simulate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SANDBOX_DISABLED',
      detail: 'Os pagamentos de teste estão desativados nesta loja.',
    });
    await put({ values: { sandbox: { payments: true, numbers: true } } });
    expect((await post(`/api/v1/wallets/payments/${intent.id}/simulate`)).statusCode).toBe(202);
  });

  it('applies new top-up limits and the registration limit at once', async () => {
    const before = (await app.inject({ url: '/api/v1/store' })).json();
    expect(before.topup_limits).toEqual({ BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } });
    await put({
      values: {
        topup_limits: { BRL: { min: 2_000, max: 10_000 }, USD: { min: 100, max: 100_000 } },
        registrations_per_hour: 1,
      },
    });
    const { cookie } = await signUpAndSignIn(app);
    const low = await app.inject({
      method: 'POST',
      url: '/api/v1/wallets/payments/create-intent',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { amount: 1_000, currency: 'BRL', method: 'pix' },
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('AMOUNT_TOO_LOW');
    expect(low.json().detail).toContain('20,00');
    // Every page reads the new limits from the public store answer, signed in or not.
    const store = await app.inject({ url: '/api/v1/store' });
    expect(store.statusCode).toBe(200);
    expect(store.json().topup_limits).toEqual({
      BRL: { min: 2_000, max: 10_000 },
      USD: { min: 100, max: 100_000 },
    });
    const register = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.99.0.1',
        payload: { email, password: 'uma-senha-de-teste-bem-longa', preferred_language: 'pt-BR' },
      });
    expect((await register('first-of-hour@numero.test')).statusCode).toBe(201);
    expect((await register('second-of-hour@numero.test')).statusCode).toBe(429);
  });

  it('a change made through one process applies to a second process on the same database within seconds', async () => {
    // The second process: its own app and its own settings cache, on the same database.
    const url = (database as { url?: string }).url;
    const second = url ? await openDatabase({ databaseUrl: url }) : database;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_JOBS: 'false' });
    const other = await buildApp({ config, database: second, logger: false, now: f.clock.now });
    try {
      const otherAdmin = await signInAsAdmin(other);
      const read = async () =>
        (await other.inject({ url: URL, headers: { cookie: otherAdmin.cookie } })).json().values;
      const buyer = await signUpAndSignIn(other);
      const topUp = () =>
        other.inject({
          method: 'POST',
          url: '/api/v1/wallets/payments/create-intent',
          headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
          payload: { amount: 2_500, currency: 'BRL', method: 'pix' },
        });
      // The second process has read the limits (R$ 20,00 minimum) before the first one changes them.
      expect((await topUp()).statusCode).toBe(201);
      expect((await read()).topup_limits.BRL.min).toBe(2_000);
      await put({
        values: { topup_limits: { BRL: { min: 3_000, max: 10_000 }, USD: { min: 100, max: 100_000 } } },
      });
      const started = performance.now();
      let applied = false;
      while (!applied && performance.now() - started < 5_000) {
        const res = await topUp();
        applied = res.statusCode === 422 && res.json().code === 'AMOUNT_TOO_LOW';
        // Few tries: the top-up rate limit (10 in 10 minutes) must not answer instead of the setting.
        if (!applied) await new Promise((r) => setTimeout(r, 600));
      }
      expect(applied).toBe(true);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await other.close();
      if (second !== database) await second.close();
    }
  });
});
