import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';

describe('a sign-in flood beyond the password queue', async () => {
  // One hash at a time and one waiting: the smallest bound, so a handful of sign-ins overflows it.
  const { app } = await createTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1' } });
  const { user } = await signUpAndSignIn(app);
  const login = (email: string, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: `198.51.100.${i}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, password: TEST_PASSWORD }).toString(),
    });

  it('is answered 503 with Retry-After at once for what cannot wait, and signs in the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(user.email, i + 1)));
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(refused[0]!.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // Once the flood is over, sign-in works again, for a known and for an unknown address alike.
    expect((await login(user.email, 50)).statusCode).toBe(200);
    expect((await login('nobody@numero.test', 51)).statusCode).toBe(401);
  });
});
