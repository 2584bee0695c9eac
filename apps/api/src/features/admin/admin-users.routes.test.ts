import { describe, expect, it } from 'vitest';
import { adminUsersTestBed } from '../../test/admin-users-fixture.ts';
import { signIn } from '../../test/helpers.ts';
import { ADMIN } from '../../test/test-database.ts';

describe('admin user management: the list and new users', async () => {
  const { app, admin, send, list, create, auditOf, ana } = await adminUsersTestBed();

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
});
