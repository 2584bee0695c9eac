import type { Role } from '@numero/contract/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { topUp } from '../../test/activations-fixture.ts';
import {
  ADMIN,
  createTestApp,
  type SignedIn,
  signIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../../test/helpers.ts';
import { createAccountService } from '../account/account.service.ts';
import { createUsersRepository } from '../account/users.repository.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createAdminRepository } from './admin.repository.ts';
import { createAdminUsersService } from './admin-users.service.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('admin user management', async () => {
  const { app, database } = await createTestApp();
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const admin = await signInAsAdmin(app);

  const send = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: SignedIn | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const list = (query = '', who: SignedIn = admin) => send('GET', `/api/v1/admin/users${query}`, who);
  // Always JSON, so that a bare string or an array is sent as JSON too.
  const patchUser = (id: string, body: unknown, who: SignedIn | undefined = admin) =>
    send('PATCH', `/api/v1/users/${id}`, who, JSON.stringify(body), { 'content-type': 'application/json' });
  const setRole = (id: string, body: unknown, who: SignedIn = admin) =>
    send('PATCH', `/api/v1/admin/users/${id}/role`, who, JSON.stringify(body), {
      'content-type': 'application/json',
    });
  const create = (body: Record<string, unknown>, who: SignedIn = admin) =>
    send('POST', '/api/v1/users/register', who, body);
  const me = (who: SignedIn) => app.inject({ url: '/api/v1/users/me', headers: { cookie: who.cookie } });
  const auditOf = (entityId: string) =>
    queryRows<{
      action: string;
      actor_id: string | null;
      actor_email: string | null;
      ip: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>(
      database.db,
      sql`SELECT action, actor_id, actor_email, ip, before, after FROM audit_logs
          WHERE entity_id = ${entityId} ORDER BY id`,
    );

  // A small, known population for the list: three named accounts made by the admin.
  const ana = (
    await create({
      email: 'ana.souza@numero.test',
      password: TEST_PASSWORD,
      role: 'PREMIUM',
      profile: { full_name: 'Ana Souza', phone_number: '+55 11 91234-5678' },
    })
  ).json();
  const bruno = (
    await create({
      email: 'bruno@numero.test',
      password: TEST_PASSWORD,
      role: 'USER',
      preferred_currency: 'USD',
      preferred_language: 'en-US',
      profile: { full_name: 'Bruno Lima' },
    })
  ).json();
  await create({
    email: 'carla@exemplo.test',
    password: TEST_PASSWORD,
    role: 'USER',
    is_active: false,
    profile: { full_name: 'Carla Souza' },
  });
  await topUp(database, ledger, ana.id, 12_345, 'BRL');
  await topUp(database, ledger, ana.id, 999, 'USD');

  describe('GET /api/v1/admin/users', () => {
    it('answers a JSON array of spec records with the total in X-Total-Count', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('4');
      expect(res.headers['access-control-expose-headers']).toBe('X-Total-Count');
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(Array.isArray(body)).toBe(true);
      // Newest first: the admin made the three accounts after the seed.
      expect(body.map((u: { email: string }) => u.email)).toEqual([
        'carla@exemplo.test',
        'bruno@numero.test',
        'ana.souza@numero.test',
        ADMIN.email,
      ]);
      const a = body.find((u: { id: string }) => u.id === ana.id);
      expect(a).toEqual({
        id: ana.id,
        email: 'ana.souza@numero.test',
        role: 'PREMIUM',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        last_login: null,
        is_active: true,
        preferred_currency: 'BRL',
        preferred_language: 'pt-BR',
        // The BRL wallet only: the dollars are another currency, never added in.
        balance_base_cents: 12_345,
        profile: { full_name: 'Ana Souza', phone_number: '+55 11 91234-5678' },
      });
      const seeded = body.find((u: { email: string }) => u.email === ADMIN.email);
      expect(seeded.last_login).toMatch(/^\d{4}-/);
      expect(seeded.balance_base_cents).toBe(0);
      expect(res.body).not.toMatch(/password|hash/i);
    });

    it('searches name or email in any case, and filters by role and status', async () => {
      const emails = async (query: string) => {
        const res = await list(query);
        expect(res.statusCode, res.body).toBe(200);
        return {
          emails: res.json().map((u: { email: string }) => u.email),
          total: res.headers['x-total-count'],
        };
      };
      expect(await emails('?search=SOUZA')).toEqual({
        emails: ['carla@exemplo.test', 'ana.souza@numero.test'],
        total: '2',
      });
      expect((await emails('?search=exemplo')).emails).toEqual(['carla@exemplo.test']);
      expect((await emails('?search=bruno%20lima')).emails).toEqual(['bruno@numero.test']);
      // LIKE's wildcards are searched for literally.
      expect((await emails('?search=%25')).emails).toEqual([]);
      expect((await emails('?search=_')).emails).toEqual([]);
      expect((await emails('?role=USER')).emails).toEqual(['carla@exemplo.test', 'bruno@numero.test']);
      expect((await emails('?role=USER&status=active')).emails).toEqual(['bruno@numero.test']);
      expect((await emails('?status=inactive')).emails).toEqual(['carla@exemplo.test']);
      expect((await emails('?search=souza&status=active')).emails).toEqual(['ana.souza@numero.test']);
      // The spec's client sends empty values for "all".
      expect((await emails('?search=&role=&status=')).total).toBe('4');
    });

    it('pages with skip and limit while the header keeps the whole total', async () => {
      const first = await list('?limit=2');
      expect(first.json()).toHaveLength(2);
      expect(first.headers['x-total-count']).toBe('4');
      const second = await list('?skip=2&limit=2');
      expect(second.json().map((u: { email: string }) => u.email)).toEqual([
        'ana.souza@numero.test',
        ADMIN.email,
      ]);
      const beyond = await list('?skip=10&limit=2');
      expect(beyond.json()).toEqual([]);
      expect(beyond.headers['x-total-count']).toBe('4');
    });

    it('refuses bad filters with a 422 and a detail', async () => {
      for (const query of [
        '?limit=101',
        '?limit=0',
        '?skip=-1',
        '?role=ROOT',
        '?status=deleted',
        '?limit=abc',
      ]) {
        const res = await list(query);
        expect(res.statusCode, query).toBe(422);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          detail: expect.stringMatching(/^Dados inválidos/),
        });
      }
    });

    it('GET /api/v1/admin/users/stats gives the footer figures for the whole store', async () => {
      const res = await send('GET', '/api/v1/admin/users/stats', admin);
      expect(res.json()).toEqual({ total: 4, active: 3, inactive: 1, administrators: 1 });
    });
  });

  describe('POST /api/v1/users/register', () => {
    it('without a password makes a strong temporary one, returns it once, and it signs in', async () => {
      const res = await create({
        email: '  Nova.Pessoa@Numero.TEST ',
        role: 'USER',
        preferred_language: 'pt-BR',
        preferred_currency: 'BRL',
        profile: { full_name: 'Nova Pessoa', phone_number: '' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        email: 'nova.pessoa@numero.test',
        role: 'USER',
        is_active: true,
        last_login: null,
        balance_base_cents: 0,
        profile: { full_name: 'Nova Pessoa', phone_number: null },
      });
      expect(body.temporary_password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const signed = await signIn(app, 'nova.pessoa@numero.test', body.temporary_password);
      expect(signed.user.role).toBe('USER');

      // Only in that response: the user record never shows it again.
      const again = await list('?search=nova.pessoa');
      expect(again.body).not.toContain(body.temporary_password);
      const audit = await auditOf(body.id);
      expect(audit[0]).toMatchObject({
        action: 'CREATE',
        actor_id: admin.user.id,
        actor_email: ADMIN.email,
        ip: '127.0.0.1',
        after: { email: 'nova.pessoa@numero.test', role: 'USER', temporaryPassword: true },
      });
      expect(JSON.stringify(audit)).not.toContain(body.temporary_password);
    });

    it('with a password applies the policy and answers no temporary password; role defaults to CUSTOMER', async () => {
      const res = await create({ email: 'com-senha@numero.test', password: 'uma senha propria longa' });
      expect(res.statusCode).toBe(201);
      expect(res.json().temporary_password).toBeUndefined();
      expect(res.json().role).toBe('CUSTOMER');
      await signIn(app, 'com-senha@numero.test', 'uma senha propria longa');
      expect(JSON.stringify(await auditOf(res.json().id))).not.toContain('uma senha propria longa');

      const common = await create({ email: 'comum@numero.test', password: 'password123' });
      expect(common.statusCode).toBe(422);
      expect(common.json().code).toBe('PASSWORD_TOO_COMMON');
      const short = await create({ email: 'curta@numero.test', password: 'curta' });
      expect(short.statusCode).toBe(422);
      expect(short.json().detail).toContain('password');
    });

    it('refuses an email in use in any case with 409 and a detail', async () => {
      const res = await create({ email: 'ANA.SOUZA@numero.test', role: 'USER' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'USER_EMAIL_TAKEN',
        detail: 'Já existe um usuário com este email.',
      });
      const en = await send(
        'POST',
        '/api/v1/users/register',
        admin,
        { email: 'ana.souza@numero.test' },
        {
          'accept-language': 'en',
        },
      );
      expect(en.json().detail).toBe('A user with this email already exists.');
    });

    it('refuses bad input with a 4xx and a detail, never a 500', async () => {
      const bad: Record<string, unknown>[] = [
        { email: 'not-an-email' },
        { email: 123 },
        { email: 'x@numero.test', role: 'ROOT' },
        { email: 'x@numero.test', role: 'admin' },
        { email: 'x@numero.test', is_admin: true },
        { email: 'x@numero.test', profile: { full_name: 42 } },
        { email: 'x@numero.test', profile: { full_name: 'X', extra: 1 } },
        { email: 'x@numero.test', profile: { phone_number: 'call me' } },
        { email: 'x@numero.test', preferred_currency: 'GBP' },
        { email: 'x@numero.test', password: 123456789 },
        {},
      ];
      for (const body of bad) {
        const res = await create(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().detail, JSON.stringify(body)).toMatch(/^Dados inválidos/);
      }
      const notJson = await send('POST', '/api/v1/users/register', admin, '{"email":', {
        'content-type': 'application/json',
      });
      expect(notJson.statusCode).toBe(400);
      const text = await send('POST', '/api/v1/users/register', admin, 'email=x', {
        'content-type': 'text/plain',
      });
      expect(text.statusCode).toBe(415);
    });
  });

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
        auth: { endAllSessions: async () => 0 },
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
