import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { FORM, form } from '../../test/accounts-fixture.ts';
import {
  createClock,
  createTestApp,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { LOGIN_FAILURES_PER_ADDRESS } from './auth.service.ts';
import { SECOND_FACTOR_FAILURES, SECOND_FACTOR_FAILURES_PER_ADDRESS } from './two-factor.ts';

describe('one budget of wrong second-factor codes, wherever they are entered', async () => {
  const clock = createClock(new Date('2026-03-02T12:00:05Z'));
  const { app } = await createTestApp({ now: clock.now });
  let seq = 0;
  const code = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const post = (url: string, cookie: string, payload: Record<string, unknown>, remoteAddress: string) =>
    app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie }, remoteAddress, payload });
  const disable = (cookie: string, otp: string, remoteAddress = '192.0.2.1') =>
    post('/api/v1/auth/2fa/disable', cookie, { code: otp }, remoteAddress);
  // Every sign-in from an address of its own: only the account's budget is in play.
  const login = (email: string, otp?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': FORM },
      remoteAddress: `198.18.1.${++seq}`,
      payload: form({ username: email, password: TEST_PASSWORD, ...(otp === undefined ? {} : { otp }) }),
    });

  /** A customer with the authenticator on; the calls that set it up come from `address`. */
  async function enrolled(address = '192.0.2.250') {
    const { cookie, user } = await signUpAndSignIn(app);
    const { secret } = (await post('/api/v1/auth/2fa/setup', cookie, {}, address)).json();
    const on = await post('/api/v1/auth/2fa/enable', cookie, { code: await code(secret) }, address);
    expect(on.statusCode).toBe(200);
    clock.advance(30_000);
    return { cookie, email: user.email, secret: secret as string };
  }

  it('the 6th wrong code gets 429, across sign-in and turning it off, a right one too, for 15 minutes', async () => {
    const { cookie, email, secret } = await enrolled();
    expect(SECOND_FACTOR_FAILURES.limit).toBe(5);
    for (let i = 0; i < 3; i++) expect((await login(email, '000000')).json().code).toBe('TOTP_INVALID');
    for (let i = 0; i < 2; i++)
      expect((await disable(cookie, 'aaaaa-bbbbb')).json().code).toBe('TOTP_INVALID');

    const blocked = await disable(cookie, await code(secret));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(email, await code(secret))).statusCode).toBe(429);
    // Still on: sign-in keeps asking for a code.
    expect((await login(email)).json().code).toBe('TOTP_REQUIRED');

    clock.advance(SECOND_FACTOR_FAILURES.windowMs);
    expect((await login(email, await code(secret))).statusCode).toBe(200);
  });

  it('a right code clears the count: an owner who mistyped is not held', async () => {
    const { email, secret } = await enrolled();
    for (let i = 0; i < 4; i++) expect((await login(email, '111111')).statusCode).toBe(401);
    expect((await login(email, await code(secret))).statusCode).toBe(200);
    clock.advance(30_000);
    for (let i = 0; i < 4; i++) expect((await login(email, '111111')).statusCode).toBe(401);
    expect((await login(email, await code(secret))).statusCode).toBe(200);
  });

  it('one address guessing for many accounts is stopped after 20 wrong codes', async () => {
    const sprayer = '203.0.113.66';
    const accounts = await Promise.all(
      Array.from({ length: SECOND_FACTOR_FAILURES_PER_ADDRESS.limit / 4 + 1 }, () => enrolled()),
    );
    for (const { cookie } of accounts.slice(0, -1))
      for (let i = 0; i < 4; i++) expect((await disable(cookie, '222222', sprayer)).statusCode).toBe(400);
    const last = accounts.at(-1)!;
    expect((await disable(last.cookie, await code(last.secret), sprayer)).statusCode).toBe(429);
    // From elsewhere the owner is not held.
    expect((await disable(last.cookie, await code(last.secret), '192.0.2.77')).statusCode).toBe(204);
  });

  it("lets the password with a correct second factor past a sprayed carrier's address, nothing less", async () => {
    const { email, secret } = await enrolled();
    const nat = '203.0.113.150';
    const from = (username: string, password: string, otp?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: TEST_ORIGIN, 'content-type': FORM },
        remoteAddress: nat,
        payload: form({ username, password, ...(otp === undefined ? {} : { otp }) }),
      });
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.limit; i++)
      expect((await from(`sprayed-${i}@numero.test`, 'Spring2025!')).statusCode).toBe(401);

    // Every answer short of both factors is the same 429: the address learns nothing of the password.
    const answers = [
      await from(email, TEST_PASSWORD),
      await from(email, TEST_PASSWORD, '000000'),
      await from(email, 'Spring2025!', await code(secret)),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([429, 429, 429]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    clock.advance(30_000);
    expect((await from(email, TEST_PASSWORD, await code(secret))).statusCode).toBe(200);
  });
});
