import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLogs, sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import {
  ADMIN,
  createClock,
  createTestApp,
  sessionCookieOf,
  signIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';

// The real argon2id, watched: an unknown email must cost one verification like a wrong password.
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

const FORM = 'application/x-www-form-urlencoded';
const form = (data: Record<string, string>) => new URLSearchParams(data).toString();

describe('accounts: register, login, logout', async () => {
  const clock = createClock();
  const { app, database } = await createTestApp({ now: clock.now });
  const { db } = database;
  let addressSeq = 0;
  /** A fresh client address, so the per-address limits of one test do not spill into another. */
  const newAddress = () => `192.0.2.${++addressSeq}`;

  const register = (body: unknown, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { origin: TEST_ORIGIN, ...opts.headers },
      remoteAddress: opts.remoteAddress ?? newAddress(),
      payload: body as Record<string, unknown>,
    });
  const login = (
    username: string,
    password: string,
    opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: TEST_ORIGIN, 'content-type': FORM, ...opts.headers },
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      payload: form({ username, password }),
    });
  const newUser = async (email = `u${++addressSeq}@numero.test`, password = TEST_PASSWORD) => {
    const res = await register({ email, password, preferred_language: 'pt-BR', preferred_currency: 'BRL' });
    expect(res.statusCode).toBe(201);
    return { email, password, id: res.json().user.id as string };
  };
  const auditRows = async (action: string) => db.select().from(auditLogs).where(eq(auditLogs.action, action));

  describe('POST /api/v1/auth/register', () => {
    it('creates a CUSTOMER with a normalised email, answers 201 {user} and does not sign in', async () => {
      const res = await register({
        email: '  Maria.Silva@Example.COM ',
        password: TEST_PASSWORD,
        preferred_language: 'en-US',
        preferred_currency: 'USD',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({
        email: 'maria.silva@example.com',
        role: 'CUSTOMER',
        roles: ['CUSTOMER'],
        is_active: true,
        preferred_language: 'en-US',
        preferred_currency: 'USD',
        profile: { full_name: null, phone_number: null },
      });
      expect(sessionCookieOf(res)).toBeUndefined();
      expect(await db.select().from(sessions)).toHaveLength(0);
    });

    it('stores an argon2id hash with 19 MiB, 2 iterations and 1 lane', async () => {
      const { id } = await newUser();
      const [row] = await db.select().from(users).where(eq(users.id, id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.passwordHash).not.toContain(TEST_PASSWORD);
    });

    it('refuses an email already registered in another case with 409 EMAIL_TAKEN', async () => {
      await newUser('joana@numero.test');
      const res = await register({ email: 'JOANA@Numero.Test', password: TEST_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'EMAIL_TAKEN',
        detail: 'Email já cadastrado. Por favor, utilize outro email ou faça login.',
      });
    });

    it.each(['123456789', 'Password1', 'SENHA123', 'qwerty123', 'flamengo2024', 'Corinthians'])(
      'refuses the common password %s (any case) with 422 PASSWORD_TOO_COMMON and says why',
      async (password) => {
        const res = await register({ email: `c-${password}@numero.test`, password });
        expect(res.statusCode).toBe(422);
        expect(res.json().code).toBe('PASSWORD_TOO_COMMON');
        expect(res.json().detail).toMatch(/muito comum/);
      },
    );

    it('explains in English to an English caller', async () => {
      const res = await register(
        { email: 'eng@numero.test', password: 'password123' },
        { headers: { 'accept-language': 'en-US' } },
      );
      expect(res.json().detail).toMatch(/too common/);
    });

    it('takes passwords of 8 to 128 characters, whole (no truncation)', async () => {
      expect((await register({ email: 'short@numero.test', password: 'a1b2c3d' })).statusCode).toBe(422);
      expect((await register({ email: 'long@numero.test', password: 'x'.repeat(129) })).statusCode).toBe(422);
      const longest = `${'ab1-'.repeat(31)}zyxw`;
      expect(longest).toHaveLength(128);
      await newUser('longest@numero.test', longest);
      expect((await login('longest@numero.test', longest)).statusCode).toBe(200);
      // A password that differs only after the 72nd character (bcrypt's cut-off) is another password.
      expect((await login('longest@numero.test', `${longest.slice(0, 127)}!`)).statusCode).toBe(401);
      expect((await newUser('eight@numero.test', 'kx7#qpl2')).id).toBeTruthy();
    });

    it('does not let the caller pick a role', async () => {
      const res = await register({ email: 'boss@numero.test', password: TEST_PASSWORD, role: 'ADMIN' });
      expect(res.statusCode).toBe(422);
      expect(await db.select().from(users).where(eq(users.email, 'boss@numero.test'))).toHaveLength(0);
    });

    it('allows 10 registrations an hour from one address, then 429 with Retry-After', async () => {
      const address = newAddress();
      for (let i = 0; i < 10; i++) {
        const res = await register(
          { email: `burst${i}@numero.test`, password: TEST_PASSWORD },
          { remoteAddress: address },
        );
        expect(res.statusCode).toBe(201);
      }
      const refused = await register(
        { email: 'burst10@numero.test', password: TEST_PASSWORD },
        { remoteAddress: address },
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // A forged X-Forwarded-For is not a new address (trustProxy is off).
      const forged = await register(
        { email: 'burst11@numero.test', password: TEST_PASSWORD },
        { remoteAddress: address, headers: { 'x-forwarded-for': '203.0.113.9' } },
      );
      expect(forged.statusCode).toBe(429);
      // Another address is not affected.
      expect((await register({ email: 'burst12@numero.test', password: TEST_PASSWORD })).statusCode).toBe(
        201,
      );
    });

    it('lets only one of two simultaneous registrations of an address through', async () => {
      const body = { email: 'twice@numero.test', password: TEST_PASSWORD };
      const [a, b] = await Promise.all([register(body), register({ ...body, email: 'TWICE@numero.test' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    });

    it('writes a REGISTER audit row', async () => {
      const { id, email } = await newUser();
      const rows = (await auditRows('REGISTER')).filter((r) => r.entityId === id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: id, actorEmail: email, entityType: 'users' });
      expect(rows[0]!.ip).toMatch(/^192\.0\.2\./);
    });
  });

  describe('POST /api/v1/auth/login', () => {
    it('signs in with the form-encoded email and password: 200 {user} and the session cookie', async () => {
      const { email, password, id } = await newUser('Sign.In@numero.test');
      const before = await db.select().from(users).where(eq(users.id, id));
      expect(before[0]!.lastLoginAt).toBeNull();

      const res = await login('  SIGN.IN@numero.test ', password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: expect.objectContaining({ id, email: email.toLowerCase() }) });
      const cookie = res.cookies.find((c) => c.name === 'numero_session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const after = await db.select().from(users).where(eq(users.id, id));
      expect(after[0]!.lastLoginAt?.getTime()).toBe(clock.now().getTime());
      const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie: sessionCookieOf(res)! } });
      expect(me.json().id).toBe(id);
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      const { email } = await newUser();
      const wrongPassword = await login(email, 'not-the-password');
      const unknownEmail = await login('nobody@numero.test', 'not-the-password');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(unknownEmail.body).toBe(wrongPassword.body);
      expect(unknownEmail.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        detail: 'Email ou senha incorretos.',
      });
      const en = await login('nobody@numero.test', 'x', { headers: { 'accept-language': 'en' } });
      expect(en.json().detail).toBe('Incorrect email or password.');
    });

    it('runs argon2id once for an unknown email, as for a wrong password (no timing difference)', async () => {
      const { email } = await newUser();
      const verify = vi.mocked(verifyPassword);
      for (const username of [email, 'ghost-timing@numero.test']) {
        verify.mockClear();
        expect((await login(username, 'wrong-password', { remoteAddress: newAddress() })).statusCode).toBe(
          401,
        );
        expect(verify).toHaveBeenCalledTimes(1);
        expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      }
    });

    it('spends comparable time on an unknown email and on a wrong password', async () => {
      const { email } = await newUser();
      const time = async (username: string) => {
        const started = performance.now();
        expect((await login(username, 'wrong-password', { remoteAddress: newAddress() })).statusCode).toBe(
          401,
        );
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 5; i++) {
        known.push(await time(email));
        unknown.push(await time(`ghost${i}@numero.test`));
      }
      // The fastest of each (the least disturbed by other work on the machine): without the dummy hash
      // an unknown email would answer in a small fraction of a wrong password's time.
      expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.3);
    });

    it('refuses a deactivated account with 403 and a detail, only after the right password', async () => {
      const { email, password, id } = await newUser();
      await db.update(users).set({ isActive: false }).where(eq(users.id, id));
      expect((await login(email, 'wrong-password')).statusCode).toBe(401);
      const res = await login(email, password);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCOUNT_INACTIVE');
      expect(res.json().detail).toMatch(/desativada/);
      expect(sessionCookieOf(res)).toBeUndefined();
    });

    it('gives 429 with Retry-After at the 6th failure in 15 minutes, per email and address', async () => {
      const { email, password } = await newUser();
      const address = newAddress();
      for (let i = 0; i < 5; i++)
        expect((await login(email, `wrong-${i}`, { remoteAddress: address })).statusCode).toBe(401);
      const sixth = await login(email, 'wrong-6', { remoteAddress: address });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(sixth.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Even the right password waits: the counter is checked before the password.
      expect((await login(email, password, { remoteAddress: address })).statusCode).toBe(429);
      // A forged X-Forwarded-For does not make a new address.
      const forged = await login(email, password, {
        remoteAddress: address,
        headers: { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
      });
      expect(forged.statusCode).toBe(429);
      // The email in another case is the same account.
      expect((await login(email.toUpperCase(), password, { remoteAddress: address })).statusCode).toBe(429);
      // The same account from another address, and another account from this one, are not blocked.
      expect((await login(email, password, { remoteAddress: newAddress() })).statusCode).toBe(200);
      expect((await login('other@numero.test', 'x', { remoteAddress: address })).statusCode).toBe(401);
      // When the window ends the account can sign in from there again.
      clock.advance(15 * 60_000 + 1_000);
      expect((await login(email, password, { remoteAddress: address })).statusCode).toBe(200);
    });

    it('lets no more than 5 of 10 simultaneous wrong guesses through to the password check', async () => {
      const { email } = await newUser();
      const address = newAddress();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(email, `guess-${i}`, { remoteAddress: address })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    });

    it('clears the failure count on a successful sign-in', async () => {
      const { email, password } = await newUser();
      const address = newAddress();
      for (let i = 0; i < 4; i++) await login(email, 'wrong', { remoteAddress: address });
      expect((await login(email, password, { remoteAddress: address })).statusCode).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await login(email, 'wrong', { remoteAddress: address })).statusCode).toBe(401);
      expect((await login(email, 'wrong', { remoteAddress: address })).statusCode).toBe(429);
    });

    it('signs in the seeded admin', async () => {
      const { user } = await signIn(app, ADMIN.email, ADMIN.password);
      expect(user.role).toBe('ADMIN');
    });
  });

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
