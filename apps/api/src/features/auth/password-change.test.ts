import { describe, expect, it } from 'vitest';
import { adminUsersTestBed } from '../../test/admin-users-fixture.ts';
import { type SignedIn, signIn, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';

describe('temporary passwords: forced change before anything else', async () => {
  const { app, admin, send, create, me, auditOf } = await adminUsersTestBed();

  const change = (who: SignedIn, body: unknown) => send('POST', '/api/v1/auth/password/change', who, body);
  const wallets = (who: SignedIn) => send('GET', '/api/v1/wallets', who);
  const signInFails = async (email: string, password: string) => {
    await expect(signIn(app, email, password)).rejects.toThrow(/sign-in failed: 401/);
  };

  async function userWithTemporaryPassword(email: string, role = 'CUSTOMER') {
    const res = await create({ email, role });
    expect(res.statusCode, res.body).toBe(201);
    const { id, temporary_password: password } = res.json() as { id: string; temporary_password: string };
    return { id, password, session: await signIn(app, email, password) };
  }

  it('refuses every route but the change, /users/me and sign-out with 403 PASSWORD_CHANGE_REQUIRED', async () => {
    const { session } = await userWithTemporaryPassword('temporaria@numero.test');
    expect(session.user.must_change_password).toBe(true);

    const who = await me(session);
    expect(who.statusCode).toBe(200);
    expect(who.json().must_change_password).toBe(true);

    const refused = await wallets(session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      detail: 'Você entrou com uma senha temporária. Defina uma nova senha para continuar.',
    });
    const profile = await send('PATCH', '/api/v1/users/me/profile', session, { full_name: 'X' });
    expect(profile.statusCode).toBe(403);
    const en = await send('GET', '/api/v1/activations', session, undefined, { 'accept-language': 'en' });
    expect(en.json().detail).toBe('You signed in with a temporary password. Set a new password to continue.');

    const out = await send('POST', '/api/v1/auth/logout', session);
    expect(out.statusCode).toBe(204);
    expect((await me(session)).statusCode).toBe(401);
  });

  it('also holds a staff member issued a temporary password away from the staff routes', async () => {
    const { session } = await userWithTemporaryPassword('gerente.nova@numero.test', 'ADMIN');
    const res = await send('GET', '/api/v1/admin/users', session);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('takes a new password by the rules of registration, not the temporary one, then opens everything', async () => {
    const email = 'troca@numero.test';
    const { id, password, session } = await userWithTemporaryPassword(email);
    const other = await signIn(app, email, password);

    const wrong = await change(session, {
      current_password: 'não é essa',
      new_password: 'minha-senha-nova-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const same = await change(session, { current_password: password, new_password: password });
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');
    const common = await change(session, { current_password: password, new_password: 'password123' });
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
    const short = await change(session, { current_password: password, new_password: 'curta' });
    expect(short.statusCode).toBe(422);
    // None of those changed anything: still gated, the temporary password still signs in.
    expect((await wallets(session)).statusCode).toBe(403);
    await signIn(app, email, password);

    const ok = await change(session, { current_password: password, new_password: 'minha-senha-nova-1' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await me(session)).json().must_change_password).toBe(false);
    expect((await wallets(session)).statusCode).toBe(200);
    // The other sessions (opened with the temporary password) are over; this one stays.
    expect((await me(other)).statusCode).toBe(401);
    await signInFails(email, password);
    const fresh = await signIn(app, email, 'minha-senha-nova-1');
    expect(fresh.user.must_change_password).toBe(false);

    const audit = await auditOf(id);
    expect(audit.find((a) => a.action === 'PASSWORD_CHANGE')).toMatchObject({
      actor_id: id,
      after: { was_temporary: true, sessions_ended: expect.any(Number) },
    });
    expect(JSON.stringify(audit)).not.toContain('minha-senha-nova-1');
  });

  it('lets any signed-in user change their password; anonymous callers get 401', async () => {
    const user = await signUpAndSignIn(app, { password: 'a-senha-de-sempre-1' });
    expect(user.user.must_change_password).toBe(false);
    const ok = await change(user, {
      current_password: 'a-senha-de-sempre-1',
      new_password: 'a-senha-de-agora-2',
    });
    expect(ok.statusCode).toBe(204);
    await signIn(app, user.user.email, 'a-senha-de-agora-2');
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      headers: { origin: TEST_ORIGIN },
      payload: { current_password: 'x', new_password: 'a-senha-de-agora-3' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an admin issues a new temporary password: sessions end, the old password fails, the change is forced', async () => {
    const user = await signUpAndSignIn(app, {
      email: 'esqueceu@numero.test',
      password: 'a-senha-esquecida-1',
    });
    const res = await send('POST', `/api/v1/admin/users/${user.user.id}/temporary-password`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const temporary = res.json().temporary_password as string;
    expect(temporary).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await me(user)).statusCode).toBe(401);
    await signInFails('esqueceu@numero.test', 'a-senha-esquecida-1');
    const session = await signIn(app, 'esqueceu@numero.test', temporary);
    expect(session.user.must_change_password).toBe(true);
    expect((await wallets(session)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const audit = await auditOf(user.user.id);
    expect(audit.find((a) => a.action === 'ISSUE_TEMPORARY_PASSWORD')).toMatchObject({
      actor_id: admin.user.id,
    });
    expect(JSON.stringify(audit)).not.toContain(temporary);

    const missing = await send(
      'POST',
      '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/temporary-password',
      admin,
    );
    expect(missing.statusCode).toBe(404);
    const customer = await signUpAndSignIn(app);
    const byCustomer = await send('POST', `/api/v1/admin/users/${user.user.id}/temporary-password`, customer);
    expect(byCustomer.statusCode).toBe(403);
  });
});
