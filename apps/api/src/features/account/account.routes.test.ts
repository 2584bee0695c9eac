import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema/index.ts';
import { createTestApp, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';

describe('the current user', async () => {
  const { app, database } = await createTestApp();

  const patch = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/profile',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      payload: payload as Record<string, unknown>,
    });

  it('GET /api/v1/users/me gives the spec shape', async () => {
    const { cookie, user } = await signUpAndSignIn(app, { email: 'me@numero.test' });
    const res = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: 'me@numero.test',
      role: 'CUSTOMER',
      roles: ['CUSTOMER'],
      is_active: true,
      preferred_language: 'pt-BR',
      preferred_currency: 'BRL',
      profile: { full_name: null, phone_number: null },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      must_change_password: false,
    });
    // The flag's name aside, nothing about the password leaves the server.
    expect(res.body.replace('"must_change_password":false', '')).not.toMatch(/password|hash/i);
  });

  it('GET /api/v1/users/me shows a change made anywhere, even in plain SQL, at the next request', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const me = () => app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect((await me()).json()).toMatchObject({ role: 'CUSTOMER', profile: { phone_number: null } });
    await database.db
      .update(users)
      .set({ role: 'PREMIUM', fullName: 'Rita', phoneNumber: '+55 11 90000-0000', preferredCurrency: 'USD' })
      .where(eq(users.id, user.id));
    expect((await me()).json()).toMatchObject({
      role: 'PREMIUM',
      roles: ['PREMIUM'],
      preferred_currency: 'USD',
      profile: { full_name: 'Rita', phone_number: '+55 11 90000-0000' },
    });
  });

  it('GET /api/v1/users/me is 401 without a session', async () => {
    const res = await app.inject({ url: '/api/v1/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      detail: 'Não autenticado. Faça login para continuar.',
    });
  });

  it('PATCH /api/v1/users/me/profile changes name, phone, language and currency, and audits it', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const res = await patch(cookie, {
      full_name: '  Ana Souza ',
      phone_number: '+55 (11) 91234-5678',
      preferred_language: 'en-US',
      preferred_currency: 'USD',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      preferred_language: 'en-US',
      preferred_currency: 'USD',
      profile: { full_name: 'Ana Souza', phone_number: '+55 (11) 91234-5678' },
    });
    const again = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(again.json().profile.full_name).toBe('Ana Souza');
    // The user's language now chooses the language of the server's texts.
    const bad = await patch(cookie, { phone_number: 'call me' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/^Invalid data/);

    const updates = await database.db.select().from(auditLogs).where(eq(auditLogs.action, 'UPDATE'));
    expect(updates.find((u) => u.entityId === user.id)).toMatchObject({
      actorId: user.id,
      entityType: 'users',
      after: { fullName: 'Ana Souza', preferredCurrency: 'USD' },
    });
  });

  it('leaves out what is not sent, and clears a field sent as null', async () => {
    const { cookie } = await signUpAndSignIn(app);
    await patch(cookie, { full_name: 'Bruno', phone_number: '+55 21 99999-0000' });
    const res = await patch(cookie, { phone_number: null });
    expect(res.json().profile).toEqual({ full_name: 'Bruno', phone_number: null });
    expect((await patch(cookie, {})).json().profile.full_name).toBe('Bruno');
  });

  it('does not change the email, the role or the status', async () => {
    const { cookie } = await signUpAndSignIn(app);
    for (const body of [{ email: 'x@numero.test' }, { role: 'ADMIN' }, { is_active: false }]) {
      const res = await patch(cookie, body);
      expect(res.statusCode).toBe(422);
    }
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).json().role).toBe('CUSTOMER');
  });

  it('works for staff too, and refuses anonymous or cross-site callers', async () => {
    const admin = await signInAsAdmin(app);
    expect((await patch(admin.cookie, { full_name: 'Chefe' })).json().profile.full_name).toBe('Chefe');
    expect((await patch(undefined, { full_name: 'x' })).statusCode).toBe(401);
    const cross = await patch(admin.cookie, { full_name: 'x' }, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('never answers 500 to bad input', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const send = (payload: string, contentType: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/profile',
        headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
        payload,
      });
    expect((await send('{"full_name": ', 'application/json')).statusCode).toBe(400);
    expect((await send('{"full_name": 12}', 'application/json')).statusCode).toBe(422);
    expect((await send('{"full_name": ["a"]}', 'application/json')).statusCode).toBe(422);
    expect((await send('{"preferred_currency": "GBP"}', 'application/json')).statusCode).toBe(422);
    expect((await send(`{"full_name": "${'a'.repeat(121)}"}`, 'application/json')).statusCode).toBe(422);
    expect((await send('full_name=a', 'text/plain')).statusCode).toBe(415);
    expect((await send(`{"full_name":"${'a'.repeat(10_000_000)}"}`, 'application/json')).statusCode).toBe(
      413,
    );
  });
});

describe('what GET /api/v1/users/me costs', async () => {
  const queries: string[] = [];
  // The session read on every request, as on PostgreSQL by default.
  const { app } = await createTestApp({ env: { SESSION_MEMORY_MS: '0' }, onQuery: (q) => queries.push(q) });

  it('one statement: the session read, which already loads everything the answer shows', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    queries.length = 0;
    const res = await app.inject({ url: '/api/v1/users/me', headers: { cookie } });
    expect(res.json()).toMatchObject({ id: user.id, created_at: user.created_at });
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatch(/from "sessions" inner join "users"/);
  });
});
