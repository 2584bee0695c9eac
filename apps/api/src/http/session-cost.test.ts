import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../test/helpers.ts';

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
