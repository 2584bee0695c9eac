import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';

/** A built web app in miniature: the shell, the two pre-rendered landings and one asset. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'numero-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Numero</title>');
  writeFileSync(join(dir, 'landing.pt.html'), '<!doctype html><title>Números virtuais</title>');
  writeFileSync(join(dir, 'landing.en.html'), '<!doctype html><title>Virtual numbers</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
}

describe('what a session cookie costs', async () => {
  const dist = webDist();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const queries: string[] = [];
  // Sessions read from the database at every request that needs one, as on PostgreSQL by default.
  const { app, database } = await createTestApp({
    env: { SESSION_MEMORY_MS: '0', WEB_DIST: dist },
    onQuery: (q) => queries.push(q),
  });
  const { cookie } = await signUpAndSignIn(app);
  const sessionReads = () => queries.filter((q) => /from "sessions"/.test(q)).length;
  const ignoringTheCaller = [
    '/health',
    '/assets/app.js',
    '/',
    '/dashboard/wallet',
    '/api/v1/store',
    '/api/v1/catalog/products?currency=BRL',
    '/api/v1/catalog/services',
    '/api/docs/json',
  ];

  it('reads no session for static files, pages, /health or public API routes', async () => {
    queries.length = 0;
    for (const url of ignoringTheCaller) {
      const res = await app.inject({ url, headers: { cookie } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    expect(sessionReads()).toBe(0);
    // A route that needs its caller still reads the session, once.
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(200);
    expect(sessionReads()).toBe(1);
  });

  it('answers the balances in the same statement as the session, and as they are after money moves', async () => {
    const balance = async () => {
      queries.length = 0;
      const res = await app.inject({ url: '/api/v1/wallets/BRL/balance', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      return { cents: res.json().balance, statements: queries.length };
    };
    expect(await balance()).toEqual({ cents: 0, statements: 1 });
    const admin = await signInAsAdmin(app);
    const me = (await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).json();
    const credited = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${me.id}/wallet-adjustments`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
      payload: { currency: 'BRL', amount: 1_234, reason: 'Pagamento falhou' },
    });
    expect(credited.statusCode).toBe(201);
    expect(await balance()).toEqual({ cents: 1_234, statements: 1 });
    queries.length = 0;
    const wallets = await app.inject({ url: '/api/v1/wallets/', headers: { cookie } });
    expect(wallets.json().map((w: { balance: number }) => w.balance)).toEqual([1_234, 0]);
    expect(queries.length).toBe(1);
  });

  it('still honours a sign-out at the next request, and still refuses a cross-site unsafe request', async () => {
    const { cookie: other } = await signUpAndSignIn(app);
    const cross = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: other, origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: other } })).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: other, origin: TEST_ORIGIN },
    });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie: other } })).statusCode).toBe(401);
  });

  it('answers those routes with the database gone; a route that needs the caller cannot', async () => {
    await database.close();
    for (const url of ['/health', '/assets/app.js', '/', '/dashboard/wallet', '/api/v1/store']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    expect((await app.inject({ url: '/api/v1/users/me', headers: { cookie } })).statusCode).toBe(500);
  });
});
