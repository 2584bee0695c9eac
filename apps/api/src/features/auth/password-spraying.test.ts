import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';
import { LOGIN_FAILURES_PER_ADDRESS } from './auth.service.ts';

describe('password spraying: one wrong guess on each of many accounts from one address', async () => {
  const { app } = await createTestApp();
  const accounts = await Promise.all(
    Array.from({ length: LOGIN_FAILURES_PER_ADDRESS.limit + 10 }, () => signUpAndSignIn(app)),
  );
  const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams({ username: email, password }).toString(),
    });

  it('is stopped per address across accounts, right guesses included, while other addresses sign in', async () => {
    const statuses: number[] = [];
    for (const { user } of accounts)
      statuses.push((await login(user.email, 'Spring2025!', '203.0.113.7')).statusCode);
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ADDRESS.limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LOGIN_FAILURES_PER_ADDRESS.limit).every((s) => s === 429)).toBe(true);

    // A right password from the sprayer's address is refused too: a blocked address learns nothing.
    const right = await login(accounts[0]!.user.email, TEST_PASSWORD, '203.0.113.7');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);

    // The account itself is not locked for its owner elsewhere.
    expect((await login(accounts[0]!.user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it("does not hold a browser the account signed in with before, behind a sprayed carrier's address", async () => {
    const nat = '203.0.113.99';
    const owner = accounts[1]!.user;
    // The owner's phone signed in from this address last week: its device cookie says so.
    const before = await login(owner.email, TEST_PASSWORD, nat);
    expect(before.statusCode).toBe(200);
    const device = before.cookies.find((c) => c.name === 'numero_device')!;
    const deviceCookie = `${device.name}=${device.value}`;
    for (const { user } of accounts) await login(user.email, 'Winter2025!', nat);
    expect((await login(owner.email, TEST_PASSWORD, nat)).statusCode).toBe(429);
    expect(
      (await login(owner.email, TEST_PASSWORD, nat, 'numero_device=made-up-device-token-0123456789'))
        .statusCode,
    ).toBe(429);
    // Another account's known browser is no pass for this one.
    expect((await login(accounts[2]!.user.email, TEST_PASSWORD, nat, deviceCookie)).statusCode).toBe(429);
    const known = await login(owner.email, TEST_PASSWORD, nat, deviceCookie);
    expect(known.statusCode).toBe(200);
    // A wrong password from the known browser is still counted against the account.
    expect((await login(owner.email, 'Winter2025!', nat, deviceCookie)).statusCode).toBe(401);
  });
});
