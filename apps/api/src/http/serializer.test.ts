import { CurrentUser } from '@numero/contract/account';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { serializerCompiler } from './serializer.ts';

const user = {
  id: 'f6cd1f6b-4e3b-4bdd-8da3-852bac9ee471',
  email: 'ana@numero.test',
  role: 'CUSTOMER',
  roles: ['CUSTOMER'],
  is_active: true,
  preferred_language: 'pt-BR',
  preferred_currency: 'BRL',
  profile: { full_name: 'Ana', phone_number: null },
  created_at: '2026-11-28T14:14:06.620Z',
  must_change_password: false,
};

async function appAnswering(body: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/me', { schema: { response: { 200: CurrentUser } } }, async () => body);
  afterAll(() => app.close());
  return app;
}

describe('answers pass their response schema', () => {
  it('writes what the contract holds, as the contract parses it', async () => {
    const app = await appAnswering(user);
    const res = await app.inject({ url: '/me' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(CurrentUser.parse(user)));
  });

  it('leaves out a field the contract does not name, at any depth', async () => {
    const app = await appAnswering({
      ...user,
      password_hash: '$argon2id$v=19$secret',
      profile: { ...user.profile, totp_secret: 'JBSWY3DPEHPK3PXP' },
    });
    const res = await app.inject({ url: '/me' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('JBSWY3DPEHPK3PXP');
    expect(res.json()).toEqual(user);
  });

  it('refuses a value of the wrong kind with a plain 500, writing none of it', async () => {
    const app = await appAnswering({ ...user, role: 'ROOT', email: 'leak@numero.test' });
    const res = await app.inject({ url: '/me' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('leak@numero.test');
    expect(res.json()).toMatchObject({ code: 'INTERNAL' });
  });
});
