import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, sessions, users } from '../../db/schema/index.ts';
import { accountsTestBed, FORM, form } from '../../test/accounts-fixture.ts';
import { createTestApp, sessionCookieOf, signIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';

describe('accounts: cross-site requests, bad input, sign-out and the audit log', async () => {
  const { clock, app, db, newAddress, login, newUser, auditRows } = await accountsTestBed();

  describe('cross-site requests (CSRF)', () => {
    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['no Origin at all', {}],
      ['the string null', { origin: 'null' }],
    ])('refuses login and register with %s (403)', async (_name, headers: Record<string, string>) => {
      const { email, password } = await newUser();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': FORM, ...headers },
        payload: form({ username: email, password }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORIGIN_NOT_ALLOWED');
      expect(sessionCookieOf(res)).toBeUndefined();
      const reg = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers,
        payload: { email: 'csrf@numero.test', password: TEST_PASSWORD },
      });
      expect(reg.statusCode).toBe(403);
      expect(reg.json().code).toBe('ORIGIN_NOT_ALLOWED');
    });
  });

  describe('bad input is a 4xx with {detail, code}, never a 500', () => {
    const post = (url: string, payload: string | Buffer, contentType: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, 'content-type': contentType },
        remoteAddress: newAddress(),
        payload,
      });
    const cases: [string, string, string | Buffer, string, number][] = [
      ['login, no fields', '/api/v1/auth/login', '', FORM, 422],
      ['login, no password', '/api/v1/auth/login', 'username=a%40b.com', FORM, 422],
      ['login, two usernames', '/api/v1/auth/login', 'username=a&username=b&password=x', FORM, 422],
      ['login, text/plain', '/api/v1/auth/login', 'username=a&password=b', 'text/plain', 415],
      ['login, a number', '/api/v1/auth/login', '{"username":12,"password":34}', 'application/json', 422],
      [
        'login, an object',
        '/api/v1/auth/login',
        '{"username":{"$ne":""},"password":"x"}',
        'application/json',
        422,
      ],
      ['login, invalid JSON', '/api/v1/auth/login', '{"username":', 'application/json', 400],
      ['register, empty object', '/api/v1/auth/register', '{}', 'application/json', 422],
      ['register, invalid JSON', '/api/v1/auth/register', '{"email": "a@b.c",', 'application/json', 400],
      ['register, empty JSON body', '/api/v1/auth/register', '', 'application/json', 400],
      ['register, text/plain', '/api/v1/auth/register', 'hello', 'text/plain', 415],
      ['register, form-encoded', '/api/v1/auth/register', 'email=a%40b.com&password=x', FORM, 422],
      ['register, an array', '/api/v1/auth/register', '[1,2,3]', 'application/json', 422],
      [
        'register, non-string values',
        '/api/v1/auth/register',
        '{"email":["a@b.com"],"password":12345678,"preferred_language":{"x":1}}',
        'application/json',
        422,
      ],
      [
        'register, a bad email',
        '/api/v1/auth/register',
        '{"email":"nope","password":"kx7#qpl2zz"}',
        'application/json',
        422,
      ],
      ['register, null', '/api/v1/auth/register', 'null', 'application/json', 422],
      ['callback, numbers', '/api/v1/auth/callback', '{"code":1,"state":2}', 'application/json', 422],
      ['callback, text/plain', '/api/v1/auth/callback', 'code=1', 'text/plain', 415],
      [
        'register, 10 MB',
        '/api/v1/auth/register',
        `{"email":"${'a'.repeat(10_000_000)}"}`,
        'application/json',
        413,
      ],
      ['login, 10 MB form', '/api/v1/auth/login', `username=${'a'.repeat(10_000_000)}`, FORM, 413],
    ];
    it.each(cases)('%s', async (_name, url, payload, contentType, status) => {
      const res = await post(url, payload, contentType);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ detail: expect.any(String), code: expect.any(String) });
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('ends the session on the server, clears the cookie and audits LOGOUT', async () => {
      const { email, password, id } = await newUser();
      const { cookie } = await signIn(app, email, password);
      const token = cookie.split('=')[1]!;
      expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);

      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { origin: TEST_ORIGIN, cookie },
      });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'numero_session')!;
      expect(cleared.value).toBe('');
      expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
      expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);

      // The old cookie, replayed, no longer signs anyone in.
      const replay = await app.inject({
        url: '/api/v1/users/me',
        headers: { cookie: `numero_session=${token}` },
      });
      expect(replay.statusCode).toBe(401);
      const rows = (await auditRows('LOGOUT')).filter((r) => r.entityId === id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: id, actorEmail: email, entityType: 'users' });
    });

    it('answers 204 when already signed out, whatever the body', async () => {
      for (const extra of [
        {},
        { 'content-type': 'application/json' },
        { cookie: 'numero_session=not-a-token' },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/logout',
          headers: { origin: TEST_ORIGIN, ...extra },
        });
        expect(res.statusCode).toBe(204);
      }
      const withBody = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: '{"whatever": true}',
      });
      expect(withBody.statusCode).toBe(204);
    });

    it('refuses a cross-site logout (403)', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('audit log', () => {
    it('records LOGIN and LOGIN_FAILED with who, what, when (UTC) and from where', async () => {
      const { email, password, id } = await newUser();
      const address = newAddress();
      await login(email, 'wrong-password', { remoteAddress: address });
      await login('ghost@numero.test', 'wrong-password', { remoteAddress: address });
      await login(email, password, { remoteAddress: address });

      const failed = (await auditRows('LOGIN_FAILED')).filter((r) => r.ip === address);
      expect(failed).toHaveLength(2);
      expect(failed.find((r) => r.entityId === id)).toMatchObject({ actorEmail: email, entityType: 'users' });
      expect(failed.find((r) => r.entityId === null)).toMatchObject({
        actorId: null,
        actorEmail: 'ghost@numero.test',
      });
      const ok = (await auditRows('LOGIN')).filter((r) => r.ip === address);
      expect(ok).toHaveLength(1);
      expect(ok[0]).toMatchObject({ actorId: id, entityId: id, entityType: 'users' });
      expect(ok[0]!.createdAt.getTime()).toBe(clock.now().getTime());
    });

    it('never stores a password, a session token or a hash', async () => {
      const secret = 'a-very-secret-password-42';
      const { email, id } = await newUser(undefined, secret);
      const { cookie } = await signIn(app, email, secret);
      await login(email, `${secret}-typo`);
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { origin: TEST_ORIGIN, cookie },
      });
      const [user] = await db.select().from(users).where(eq(users.id, id));
      const token = cookie.split('=')[1]!;
      const all = JSON.stringify(await db.select().from(auditLogs));
      for (const s of [secret, `${secret}-typo`, token, user!.passwordHash!, 'argon2'])
        expect(all).not.toContain(s);
      const actions = await db.selectDistinct({ action: auditLogs.action }).from(auditLogs);
      expect(actions.map((r) => r.action)).toEqual(
        expect.arrayContaining(['REGISTER', 'LOGIN', 'LOGIN_FAILED', 'LOGOUT']),
      );
    });
  });
});

describe('accounts behind HTTPS', async () => {
  const origin = 'https://numero.example';
  const { app } = await createTestApp({ env: { PUBLIC_URL: origin } });

  it('names the cookie __Host-numero_session and marks it Secure', async () => {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { origin },
      payload: { email: 'tls@numero.test', password: TEST_PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin, 'content-type': FORM },
      payload: form({ username: 'tls@numero.test', password: TEST_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-numero_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.domain).toBeUndefined();
    const me = await app.inject({
      url: '/api/v1/users/me',
      headers: { cookie: `__Host-numero_session=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    // The unprefixed name means nothing here.
    const plain = await app.inject({
      url: '/api/v1/users/me',
      headers: { cookie: `numero_session=${cookie.value}` },
    });
    expect(plain.statusCode).toBe(401);
  });
});
