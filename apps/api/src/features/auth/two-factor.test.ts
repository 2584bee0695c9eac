import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, userTotp } from '../../db/schema/index.ts';
import { FORM, form } from '../../test/accounts-fixture.ts';
import {
  createClock,
  createTestApp,
  sessionCookieOf,
  signIn,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { ADMIN } from '../../test/test-database.ts';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

function helpers(app: App, clock: ReturnType<typeof createClock>) {
  let seq = 0;
  const code = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const login = (username: string, password: string, otp?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': FORM },
      remoteAddress: `198.18.0.${++seq}`,
      payload: form({ username, password, ...(otp === undefined ? {} : { otp }) }),
    });
  /** Sets up and confirms an authenticator; returns its secret and the recovery codes. */
  async function enrol(cookie: string) {
    const setup = await call('POST', '/api/v1/auth/2fa/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Numero:.+secret=/);
    expect(setup.json().qr_code).toMatch(/^data:image\/png;base64,/);
    const enabled = await call('POST', '/api/v1/auth/2fa/enable', cookie, { code: await code(secret) });
    expect(enabled.statusCode).toBe(200);
    return { secret: secret as string, recovery: enabled.json().recovery_codes as string[] };
  }
  return { code, call, login, enrol };
}

describe('two-step verification (TOTP) for any user', async () => {
  const clock = createClock(new Date('2026-03-02T12:00:05Z'));
  const { app, database } = await createTestApp({ now: clock.now });
  const { code, call, login, enrol } = helpers(app, clock);

  it('turns on with a code from the app, then sign-in asks for a code, refuses a wrong or reused one', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    expect((await call('GET', '/api/v1/auth/2fa', cookie)).json()).toEqual({
      enabled: false,
      required: false,
      recovery_codes_left: 0,
    });
    const setup = (await call('POST', '/api/v1/auth/2fa/setup', cookie)).json();
    const wrong = await call('POST', '/api/v1/auth/2fa/enable', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TOTP_INVALID');
    const firstCode = await code(setup.secret);
    const on = await call('POST', '/api/v1/auth/2fa/enable', cookie, { code: firstCode });
    expect(on.statusCode).toBe(200);
    expect(on.json().recovery_codes).toHaveLength(10);
    expect((await call('GET', '/api/v1/auth/2fa', cookie)).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: 10,
    });
    // Only hashes are kept.
    const stored = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(on.json().recovery_codes[0]);

    const noCode = await login(user.email, TEST_PASSWORD);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('TOTP_REQUIRED');
    expect(sessionCookieOf(noCode)).toBeUndefined();
    const bad = await login(user.email, TEST_PASSWORD, '123456');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('TOTP_INVALID');
    // The code that confirmed the app was used: the same time step is refused.
    expect((await login(user.email, TEST_PASSWORD, firstCode)).json().code).toBe('TOTP_INVALID');

    clock.advance(30_000);
    const fresh = await code(setup.secret);
    const ok = await login(user.email, TEST_PASSWORD, fresh);
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
    const replay = await login(user.email, TEST_PASSWORD, fresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('TOTP_INVALID');
    // A right code with a wrong password is still a wrong password.
    clock.advance(30_000);
    expect((await login(user.email, 'not-the-password', await code(setup.secret))).json().code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('accepts each recovery code once', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const { recovery } = await enrol(cookie);
    const typed = ` ${recovery[0]!.toUpperCase()} `;
    expect((await login(user.email, TEST_PASSWORD, typed)).statusCode).toBe(200);
    const again = await login(user.email, TEST_PASSWORD, recovery[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TOTP_INVALID');
    expect((await call('GET', '/api/v1/auth/2fa', cookie)).json().recovery_codes_left).toBe(9);
  });

  it('turns off only with a valid code, and sign-in no longer asks', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const { secret } = await enrol(cookie);
    const wrong = await call('POST', '/api/v1/auth/2fa/disable', cookie, { code: '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TOTP_INVALID');
    clock.advance(30_000);
    const off = await call('POST', '/api/v1/auth/2fa/disable', cookie, { code: await code(secret) });
    expect(off.statusCode).toBe(204);
    expect(await database.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers bad input with a 4xx and {detail, code}', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const cases: [string, () => ReturnType<typeof call>, number, string][] = [
      [
        'enable before setup',
        () => call('POST', '/api/v1/auth/2fa/enable', cookie, { code: '123456' }),
        409,
        'TWO_FACTOR_NOT_STARTED',
      ],
      [
        'disable when off',
        () => call('POST', '/api/v1/auth/2fa/disable', cookie, { code: '123456' }),
        409,
        'TWO_FACTOR_NOT_ENABLED',
      ],
      [
        'enable, empty object',
        () => call('POST', '/api/v1/auth/2fa/enable', cookie, {}),
        422,
        'VALIDATION_ERROR',
      ],
      [
        'enable, short code',
        () => call('POST', '/api/v1/auth/2fa/enable', cookie, { code: '12' }),
        422,
        'VALIDATION_ERROR',
      ],
      [
        'enable, a number',
        () => call('POST', '/api/v1/auth/2fa/enable', cookie, { code: 123456 }),
        422,
        'VALIDATION_ERROR',
      ],
      ['status, signed out', () => call('GET', '/api/v1/auth/2fa', ''), 401, 'UNAUTHENTICATED'],
      ['setup, signed out', () => call('POST', '/api/v1/auth/2fa/setup', ''), 401, 'UNAUTHENTICATED'],
    ];
    for (const [name, run, status, errorCode] of cases) {
      const res = await run();
      expect(res.statusCode, name).toBe(status);
      expect(res.json().code, name).toBe(errorCode);
      expect(typeof res.json().detail, name).toBe('string');
    }
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'text/plain' },
      payload: '123456',
    });
    expect(text.statusCode).toBe(415);
    const { cookie: enrolled } = await signUpAndSignIn(app);
    await enrol(enrolled);
    const twice = await call('POST', '/api/v1/auth/2fa/setup', enrolled);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('two-step verification required for staff (REQUIRE_STAFF_2FA)', async () => {
  const clock = createClock(new Date('2026-03-02T12:00:05Z'));
  const { app } = await createTestApp({ now: clock.now, env: { REQUIRE_STAFF_2FA: 'true' } });
  const { code, call, login, enrol } = helpers(app, clock);

  it('keeps an admin without it out of staff routes until they enrol, and never lets them turn it off', async () => {
    const { cookie } = await signIn(app, ADMIN.email, ADMIN.password);
    const refused = await call('GET', '/api/v1/admin/dashboard/stats', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'TWO_FACTOR_ENROLMENT_REQUIRED',
      detail: 'Ative a verificação em duas etapas no seu perfil para acessar a área administrativa.',
    });
    expect((await call('GET', '/api/v1/users/me', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/auth/2fa', cookie)).json()).toMatchObject({
      enabled: false,
      required: true,
    });

    const { secret } = await enrol(cookie);
    expect((await call('GET', '/api/v1/admin/dashboard/stats', cookie)).statusCode).toBe(200);
    clock.advance(30_000);
    const off = await call('POST', '/api/v1/auth/2fa/disable', cookie, { code: await code(secret) });
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('TWO_FACTOR_REQUIRED_FOR_STAFF');
    expect((await login(ADMIN.email, ADMIN.password)).json().code).toBe('TOTP_REQUIRED');
  });

  it('leaves customers free to go without it', async () => {
    const { cookie } = await signUpAndSignIn(app);
    expect((await call('GET', '/api/v1/auth/2fa', cookie)).json()).toMatchObject({ required: false });
    expect((await call('GET', '/api/v1/wallets', cookie)).statusCode).toBe(200);
  });
});
