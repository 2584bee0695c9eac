import type { Role } from '@numero/contract/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { adminUsersTestBed } from '../../test/admin-users-fixture.ts';
import { signIn, signUpAndSignIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';
import { ADMIN } from '../../test/test-database.ts';
import { createAccountService } from '../account/account.service.ts';
import { createUsersRepository } from '../account/users.repository.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createAdminRepository } from './admin.repository.ts';
import { createAdminUsersService } from './admin-users.service.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('admin user management: edits, roles and sessions', async () => {
  const { app, database, admin, send, list, patchUser, setRole, me, auditOf, bruno } =
    await adminUsersTestBed();

  describe('PATCH /api/v1/users/{id}', () => {
    it("changes THAT user's profile, email, language and currency, not the admin's own", async () => {
      const target = await signUpAndSignIn(app);
      const res = await patchUser(target.user.id, {
        full_name: '  Maria Editada ',
        phone_number: '+55 21 99876-5432',
        preferred_language: 'en-US',
        preferred_currency: 'USD',
        email: 'Maria.Editada@Numero.test',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: target.user.id,
        email: 'maria.editada@numero.test',
        preferred_language: 'en-US',
        preferred_currency: 'USD',
        profile: { full_name: 'Maria Editada', phone_number: '+55 21 99876-5432' },
      });
      expect((await me(target)).json()).toMatchObject({
        email: 'maria.editada@numero.test',
        profile: { full_name: 'Maria Editada', phone_number: '+55 21 99876-5432' },
      });
      expect((await me(admin)).json()).toMatchObject({
        email: ADMIN.email,
        profile: { full_name: 'Administrador', phone_number: null },
        preferred_currency: 'BRL',
      });

      const audit = (await auditOf(target.user.id)).filter((a) => a.action === 'UPDATE');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_id: admin.user.id,
        ip: '127.0.0.1',
        before: { fullName: null, email: target.user.email, preferredCurrency: 'BRL' },
        after: { fullName: 'Maria Editada', email: 'maria.editada@numero.test', preferredCurrency: 'USD' },
      });

      // Sending the same values again changes nothing and logs nothing.
      await patchUser(target.user.id, { full_name: 'Maria Editada', preferred_currency: 'USD' });
      expect((await auditOf(target.user.id)).filter((a) => a.action === 'UPDATE')).toHaveLength(1);

      // An empty name or phone clears it.
      const cleared = await patchUser(target.user.id, { full_name: '', phone_number: null });
      expect(cleared.json().profile).toEqual({ full_name: null, phone_number: null });
    });

    it('refuses an email another user has, in any case (409)', async () => {
      const res = await patchUser(bruno.id, { email: 'Ana.Souza@NUMERO.test' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('USER_EMAIL_TAKEN');
      // Its own address in another case is not a conflict.
      expect((await patchUser(bruno.id, { email: 'BRUNO@numero.test' })).statusCode).toBe(200);
    });

    it('deactivating ("delete") ends their sessions at once; they cannot sign in until reactivated', async () => {
      const email = 'to-deactivate@numero.test';
      const target = await signUpAndSignIn(app, { email });
      const second = await signIn(app, email, TEST_PASSWORD);
      expect((await me(target)).statusCode).toBe(200);

      const res = await patchUser(target.user.id, { is_active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().is_active).toBe(false);
      expect((await me(target)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      const [{ n } = { n: -1 }] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${target.user.id}`,
      );
      expect(n).toBe(0);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password: TEST_PASSWORD }).toString(),
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().code).toBe('ACCOUNT_INACTIVE');

      const audit = (await auditOf(target.user.id)).find((a) => a.action === 'DELETE');
      expect(audit).toMatchObject({
        actor_id: admin.user.id,
        before: { isActive: true },
        after: { isActive: false },
      });

      expect((await patchUser(target.user.id, { is_active: true })).json().is_active).toBe(true);
      await signIn(app, email, TEST_PASSWORD);
    });

    it('an admin cannot deactivate themselves (409 with a detail)', async () => {
      const res = await patchUser(admin.user.id, { is_active: false });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CANNOT_DEACTIVATE_SELF',
        detail: 'Você não pode desativar a sua própria conta.',
      });
      expect((await me(admin)).statusCode).toBe(200);
      // Their own name is fine.
      expect((await patchUser(admin.user.id, { full_name: 'Administrador' })).statusCode).toBe(200);
    });

    it('refuses bad input with a 4xx and a detail, never a 500', async () => {
      const bad: unknown[] = [
        { is_active: 'no' },
        { is_active: null },
        { email: 'nope' },
        { email: ['a@b.c'] },
        { preferred_currency: 'GBP' },
        { preferred_language: 'fr' },
        { full_name: 12 },
        { full_name: 'x'.repeat(121) },
        { phone_number: 'abc' },
        { role: 'ADMIN' },
        { password: 'uma-nova-senha-longa' },
        ['is_active'],
        'PREMIUM',
      ];
      for (const body of bad) {
        const res = await patchUser(bruno.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().detail).toMatch(/^Dados inválidos/);
      }
      const badId = await patchUser('not-a-uuid', { full_name: 'X' });
      expect(badId.statusCode).toBe(422);
      expect(badId.json().detail).toContain('id');
      const missing = await patchUser(MISSING, { full_name: 'X' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'USER_NOT_FOUND', detail: 'Usuário não encontrado.' });
    });

    it('needs an ADMIN and an allowed origin', async () => {
      const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
      const res = await patchUser(bruno.id, { full_name: 'Hack' }, manager);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      const anonymous = await send('PATCH', `/api/v1/users/${bruno.id}`, undefined, { full_name: 'Hack' });
      expect(anonymous.statusCode).toBe(401);
      const foreign = await app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${bruno.id}`,
        headers: { origin: 'https://evil.example', cookie: admin.cookie },
        payload: { full_name: 'Hack' },
      });
      expect(foreign.statusCode).toBe(403);
      expect((await list(`?search=bruno`)).json()[0].profile.full_name).toBe('Bruno Lima');
    });
  });

  describe('PATCH /api/v1/admin/users/{id}/role', () => {
    it('takes the role as a JSON string or {"role"} and applies on their next request', async () => {
      const target = await signUpAndSignIn(app);
      const stats = () =>
        app.inject({ url: '/api/v1/admin/dashboard/stats', headers: { cookie: target.cookie } });
      expect((await stats()).statusCode).toBe(403);

      const res = await setRole(target.user.id, 'MANAGER');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: target.user.id, role: 'MANAGER' });
      // Same cookie, no new sign-in.
      expect((await stats()).statusCode).toBe(200);
      expect((await me(target)).json().role).toBe('MANAGER');

      expect((await setRole(target.user.id, { role: 'PREMIUM' })).json().role).toBe('PREMIUM');
      expect((await stats()).statusCode).toBe(403);

      const audit = (await auditOf(target.user.id)).filter((a) => a.action === 'UPDATE_ROLE');
      expect(audit.map((a) => [a.before, a.after])).toEqual([
        [{ role: 'CUSTOMER' }, { role: 'MANAGER' }],
        [{ role: 'MANAGER' }, { role: 'PREMIUM' }],
      ]);
      expect(audit[0]).toMatchObject({ actor_id: admin.user.id, actor_email: ADMIN.email, ip: '127.0.0.1' });
      // The same role again: nothing to log.
      await setRole(target.user.id, 'PREMIUM');
      expect((await auditOf(target.user.id)).filter((a) => a.action === 'UPDATE_ROLE')).toHaveLength(2);
    });

    it('accepts every role of the store and refuses anything else', async () => {
      const target = await signUpAndSignIn(app);
      for (const role of ['USER', 'PREMIUM', 'MANAGER', 'ADMIN', 'CUSTOMER'] as Role[]) {
        expect((await setRole(target.user.id, role)).json().role).toBe(role);
      }
      for (const body of [
        'ROOT',
        'admin',
        '',
        42,
        null,
        { role: 'ROOT' },
        { role: 'USER', extra: 1 },
        ['USER'],
      ]) {
        const res = await setRole(target.user.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().detail).toMatch(/^Dados inválidos/);
      }
      expect((await setRole('123', 'USER')).statusCode).toBe(422);
      expect((await setRole(MISSING, 'USER')).statusCode).toBe(404);
    });

    it('an admin cannot demote themselves; another admin can, and the store keeps an admin', async () => {
      const res = await setRole(admin.user.id, 'USER');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CANNOT_DEMOTE_SELF');
      expect(res.json().detail).toContain('sua própria role');
      expect((await setRole(admin.user.id, 'ADMIN')).statusCode).toBe(200);
      expect((await me(admin)).json().role).toBe('ADMIN');

      const other = await signUpAndSignIn(app, { role: 'ADMIN' });
      expect((await setRole(admin.user.id, 'MANAGER', other)).json().role).toBe('MANAGER');
      expect((await setRole(admin.user.id, 'ADMIN', other)).json().role).toBe('ADMIN');
    });

    it('two admins demoting each other at once: one wins, an active admin always remains', async () => {
      const a = await signUpAndSignIn(app, { role: 'ADMIN' });
      const b = await signUpAndSignIn(app, { role: 'ADMIN' });
      // Only these two are admins for this test.
      await database.db.execute(
        sql`UPDATE users SET role = 'MANAGER' WHERE role = 'ADMIN' AND id NOT IN (${a.user.id}, ${b.user.id})`,
      );
      const [ra, rb] = await Promise.all([setRole(b.user.id, 'USER', a), setRole(a.user.id, 'USER', b)]);
      const statuses = [ra.statusCode, rb.statusCode].sort();
      expect(statuses[0]).toBe(200);
      // The loser was either refused at the door (no longer an admin) or by the last-admin rule.
      expect([403, 409]).toContain(statuses[1]);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM users WHERE role = 'ADMIN' AND is_active`,
      );
      expect(n).toBe(1);
      await database.db.execute(sql`UPDATE users SET role = 'ADMIN' WHERE id = ${admin.user.id}`);
    });

    it('refuses to deactivate or demote the last active admin (LAST_ADMIN)', async () => {
      // Through the API the acting admin is always another active admin, so the rule only bites in a
      // race (above). Here the service sees a store whose only active admin is the target.
      const other = await signUpAndSignIn(app, { role: 'ADMIN' });
      const audit = createAuditService({
        repository: createAuditRepository(database.db),
        now: () => new Date(),
      });
      const users = createAccountService({
        repository: createUsersRepository(database.db),
        audit,
        now: () => new Date(),
      });
      const service = createAdminUsersService({
        db: database.db,
        repository: createAdminRepository(database.db),
        users: { ...users, lockActiveAdminIds: async () => [other.user.id] },
        auth: { endAllSessions: async () => 0, userChanged: () => {} },
        audit,
      });
      const actor = { id: admin.user.id, email: ADMIN.email };
      await expect(
        service.update(actor, other.user.id, { is_active: false }, '10.0.0.1'),
      ).rejects.toMatchObject({
        code: 'LAST_ADMIN',
        status: 409,
      });
      await expect(service.changeRole(actor, other.user.id, 'USER', '10.0.0.1')).rejects.toMatchObject({
        code: 'LAST_ADMIN',
      });
      expect((await me(other)).json()).toMatchObject({ role: 'ADMIN', is_active: true });
      // With another admin about, both go through.
      expect((await patchUser(other.user.id, { is_active: false })).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/admin/users/{id}/sessions/revoke', () => {
    it('ends every session of the user and logs it; they can sign in again', async () => {
      const email = 'revoke-me@numero.test';
      const target = await signUpAndSignIn(app, { email });
      const res = await send('POST', `/api/v1/admin/users/${target.user.id}/sessions/revoke`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ revoked: 1 });
      expect((await me(target)).statusCode).toBe(401);
      const audit = (await auditOf(target.user.id)).find((a) => a.action === 'REVOKE_SESSIONS');
      expect(audit).toMatchObject({ actor_id: admin.user.id, after: { sessions: 1 } });
      await signIn(app, email, TEST_PASSWORD);
      expect((await send('POST', `/api/v1/admin/users/${MISSING}/sessions/revoke`, admin)).statusCode).toBe(
        404,
      );
    });
  });

  it('no audit entry written here holds a password or a hash', async () => {
    const rows = await queryRows<{ before: unknown; after: unknown }>(
      database.db,
      sql`SELECT before, after FROM audit_logs WHERE action IN ('CREATE', 'UPDATE', 'DELETE', 'UPDATE_ROLE')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/\$argon2|passwordHash|password_hash/);
    expect(text).not.toContain(TEST_PASSWORD);
  });
});
