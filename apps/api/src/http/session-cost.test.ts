import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn } from '../test/helpers.ts';

describe('what a session cookie costs', async () => {
  const { app, database } = await createTestApp();
  const { cookie } = await signUpAndSignIn(app);

  it('costs no database work on routes that ignore the caller: they answer with the database gone', async () => {
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    await database.close();
    for (const url of ['/health', '/api/v1/store', '/api/docs/json']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    // A route that needs the caller still reads the session, and cannot without its database.
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(500);
  });
});
