import { describe, expect, it } from 'vitest';
import { signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture, SMS_DELAY_MS } from '../../test/staff-fixture.ts';

const URL = '/api/v1/admin/sms/providers';

describe('upstream SMS providers for staff', async () => {
  const f = await createStaffFixture();
  const { app, admin } = f;
  const put = (payload: unknown, who = admin) =>
    app.inject({
      method: 'PUT',
      url: URL,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      payload: payload as object,
    });

  it('shows each provider’s health, order, success rate, median time to code and the latest SMS', async () => {
    const buyer = await f.customer(10_000);
    expect((await f.buy(buyer)).statusCode).toBe(201);
    expect((await f.buy(buyer)).statusCode).toBe(201);
    f.clock.advance(SMS_DELAY_MS + 1_000);
    await app.scheduler.runOnce();
    const res = await f.get(URL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.providers).toEqual([
      expect.objectContaining({
        name: 'simulator',
        position: 1,
        enabled: true,
        status: 'up',
        orders: 2,
        captured: 2,
        settled: 2,
        success_rate: 1,
      }),
    ]);
    expect(body.providers[0].median_seconds_to_code).toBeGreaterThan(0);
    expect(body.latest_sms).toHaveLength(2);
    expect(body.latest_sms[0]).toMatchObject({
      provider: 'simulator',
      service_code: 'wa',
      country_code: 'BR',
    });
  });

  it('refuses an unknown provider, a partial order and switching every provider off, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ order: ['simulator', 'acme'] }, 'UNKNOWN_PROVIDER'],
      [{ order: ['simulator'], disabled: ['acme'] }, 'UNKNOWN_PROVIDER'],
      [{ order: ['simulator', 'simulator'] }, 'PROVIDER_ORDER_MISMATCH'],
      [{ order: ['simulator'], disabled: ['simulator'] }, 'LAST_PROVIDER'],
      [{ order: [] }, 'VALIDATION_ERROR'],
      [{ order: ['simulator'], extra: true }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await put(body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 422, code });
    }
    expect((await f.get(URL)).json().providers[0].enabled).toBe(true);
  });

  it('saves the order as a setting, audited; MANAGER reads, only ADMIN writes', async () => {
    const ok = await put({ order: ['simulator'], disabled: [] });
    expect(ok.statusCode).toBe(200);
    const settings = (await f.get('/api/v1/admin/settings')).json();
    expect(settings.values.sms_providers).toEqual({ order: ['simulator'], disabled: [] });
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    expect((await f.get(URL, manager)).statusCode).toBe(200);
    expect((await put({ order: ['simulator'] }, manager)).statusCode).toBe(403);
    expect(app.declaredAccess.get(`PUT ${URL}`)).toEqual(['ADMIN']);
    expect(app.declaredAccess.get(`GET ${URL}`)).toEqual(['MANAGER', 'ADMIN']);
  });
});
