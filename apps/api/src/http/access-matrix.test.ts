import type { Role } from '@numero/contract/common';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedIn,
  signIn,
  signUpAndSignIn,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from '../test/helpers.ts';
import type { Access } from './access.ts';

const ROLES: readonly Role[] = ['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN'];
const DUMMY = '00000000-0000-4000-8000-000000000000';

/** Puts a dummy value in every path parameter (`:id`) and wildcard. */
const fillPath = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, DUMMY).replace(/\*/g, 'x');

/**
 * Every API route × every kind of caller. Routes come from what the app actually registered, so a
 * route added later with a missing or too-wide guard fails here without anyone editing this file.
 */
describe('access matrix: every API route × anonymous and each role', async () => {
  const { app } = await createTestApp();
  const routes = [...app.declaredAccess.entries()].map(([key, access]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path, access };
  });

  const callers = new Map<Role, SignedIn & { email: string }>();
  for (const role of ROLES) {
    const email = `matrix-${role.toLowerCase()}@numero.test`;
    callers.set(role, { ...(await signUpAndSignIn(app, { role, email })), email });
  }

  /** The role's session cookie, signing in again if a call (a logout, say) ended the session. */
  async function cookieOf(role: Role): Promise<string> {
    const caller = callers.get(role)!;
    const me = await app.inject({ url: '/api/v1/users/me', headers: { cookie: caller.cookie } });
    if (me.statusCode === 200) return caller.cookie;
    const fresh = await signIn(app, caller.email, TEST_PASSWORD).catch(() => signUpAndSignIn(app, { role }));
    callers.set(role, { ...fresh, email: fresh.user.email });
    return fresh.cookie;
  }

  const call = (method: string, path: string, cookie?: string) =>
    app.inject({
      method: method as 'GET',
      url: fillPath(path),
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  const allows = (access: Access, role: Role) =>
    access === 'public' || access === 'authenticated' || access.includes(role);

  const codeOf = (res: LightMyRequestResponse) => {
    try {
      return res.json().code as string | undefined;
    } catch {
      return undefined;
    }
  };

  it('knows the routes of accounts and sessions', () => {
    const keys = routes.map((r) => r.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/register',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/callback',
        'GET /api/v1/auth/providers',
        'GET /api/v1/auth/oidc/start',
        'GET /api/v1/users/me',
        'PATCH /api/v1/users/me/profile',
      ]),
    );
    expect(app.declaredAccess.get('GET /api/v1/users/me')).toBe('authenticated');
  });

  it('covers the staff routes of settings, user detail, categories, countries, reports, SMS providers, pricing and temporary passwords', () => {
    const expected: Record<string, Access> = {
      'GET /api/v1/admin/settings': ['MANAGER', 'ADMIN'],
      'PUT /api/v1/admin/settings': ['ADMIN'],
      'GET /api/v1/admin/users/:id/detail': ['MANAGER', 'ADMIN'],
      'POST /api/v1/admin/users/:id/api-keys/:keyId/revoke': ['ADMIN'],
      'GET /api/v1/admin/categories': ['ADMIN'],
      'POST /api/v1/admin/categories': ['ADMIN'],
      'PATCH /api/v1/admin/categories/:id': ['ADMIN'],
      'PUT /api/v1/admin/categories/order': ['ADMIN'],
      'PUT /api/v1/admin/services/:code/category': ['ADMIN'],
      'GET /api/v1/admin/countries': ['ADMIN'],
      'PATCH /api/v1/admin/countries/:code': ['ADMIN'],
      'PUT /api/v1/admin/countries/order': ['ADMIN'],
      'GET /api/v1/admin/reports': ['MANAGER', 'ADMIN'],
      'GET /api/v1/admin/sms/providers': ['MANAGER', 'ADMIN'],
      'PUT /api/v1/admin/sms/providers': ['ADMIN'],
      'POST /api/v1/admin/users/:id/temporary-password': ['ADMIN'],
      'POST /api/v1/auth/password/change': 'authenticated',
      'GET /api/v1/admin/products/options': ['MANAGER', 'ADMIN'],
      'GET /api/v1/admin/products/:id/costs': ['MANAGER', 'ADMIN'],
      'PUT /api/v1/admin/products/:id/costs': ['ADMIN'],
      'POST /api/v1/admin/pricing/preview': ['MANAGER', 'ADMIN'],
      'POST /api/v1/admin/pricing/apply': ['ADMIN'],
      'POST /api/v1/admin/pricing/costs/sync': ['ADMIN'],
      'GET /api/v1/admin/pricing/rules': ['MANAGER', 'ADMIN'],
      'POST /api/v1/admin/pricing/rules': ['ADMIN'],
      'PUT /api/v1/admin/pricing/rules/:id': ['ADMIN'],
      'DELETE /api/v1/admin/pricing/rules/:id': ['ADMIN'],
      'POST /api/v1/admin/pricing/rules/apply': ['ADMIN'],
    };
    for (const [key, access] of Object.entries(expected))
      expect(app.declaredAccess.get(key), key).toEqual(access);
  });

  describe.each(routes)('$key ($access)', ({ method, path, access }) => {
    it('anonymous', async () => {
      const res = await call(method, path);
      if (access === 'public') {
        expect([401, 403]).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(401);
        if (method !== 'HEAD') expect(codeOf(res)).toBe('UNAUTHENTICATED');
      }
    });

    it.each(ROLES)('%s', async (role) => {
      const res = await call(method, path, await cookieOf(role));
      if (allows(access, role)) {
        expect([401, 403]).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(403);
        if (method !== 'HEAD') expect(codeOf(res)).toBe('FORBIDDEN');
      }
    });
  });
});
