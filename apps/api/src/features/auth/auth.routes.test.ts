import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import { sessionCookieOf, signIn, TEST_PASSWORD } from '../../test/helpers.ts';
import { ADMIN } from '../../test/test-database.ts';

// The real argon2id, watched: an unknown email must cost one verification like a wrong password.
vi.mock('../../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/password.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

import { accountsTestBed } from '../../test/accounts-fixture.ts';

describe('accounts: register and sign in', async () => {
  const { clock, app, db, newAddress, register, login, newUser, auditRows } = await accountsTestBed();

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
});
