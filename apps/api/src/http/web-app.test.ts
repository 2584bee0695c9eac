import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';

describe('the built web app, served by the API', async () => {
  const dist = mkdtempSync(join(tmpdir(), 'numero-web-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'assets', 'flags'), { recursive: true });
  const shell = '<!doctype html><html lang="pt-BR"><title>app shell</title></html>';
  writeFileSync(join(dist, 'index.html'), shell);
  writeFileSync(
    join(dist, 'landing.pt.html'),
    '<!doctype html><html lang="pt-BR"><title>Números virtuais</title>',
  );
  writeFileSync(
    join(dist, 'landing.en.html'),
    '<!doctype html><html lang="en"><title>Virtual numbers</title>',
  );
  for (const page of ['login', 'dashboard'])
    for (const lang of ['pt', 'en'])
      writeFileSync(
        join(dist, `${page}.${lang}.html`),
        `<!doctype html><html><title>${page} ${lang}</title>`,
      );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log("app")');
  // The web build writes these beside each script (apps/web/vite.config.ts).
  writeFileSync(join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(join(dist, 'assets', 'flags', 'br.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A store with real providers configured would not be the demo; DEMO_MODE=false stands for it here.
  const { app } = await createTestApp({ env: { WEB_DIST: dist, DEMO_MODE: 'false' } });

  it('costs one route at start-up however many files the build holds (it had one per file)', () => {
    expect(app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/index-abc.js' })).toBe(false);
  });

  it('sends its files with their type, nested ones included', async () => {
    const js = await app.inject({ url: '/assets/index-abc.js' });
    expect([js.statusCode, js.headers['content-type'], js.body]).toEqual([
      200,
      'application/javascript; charset=utf-8',
      'console.log("app")',
    ]);
    // Their names carry a hash of their content: kept for good.
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect([icon.statusCode, icon.headers['cache-control']]).toEqual([200, 'public, max-age=0']);
    const svg = await app.inject({ url: '/assets/flags/br.svg' });
    expect([svg.statusCode, svg.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect((await app.inject({ method: 'HEAD', url: '/assets/index-abc.js' })).statusCode).toBe(200);
  });

  it('sends the compressed copy of a file that the browser accepts, and the file itself to one that takes none', async () => {
    const br = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual([
      'br',
      'application/javascript; charset=utf-8',
    ]);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gunzipSync(gz.rawPayload).toString()]).toEqual([
      'gzip',
      'console.log("app")',
    ]);
    const plain = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log("app")']);
  });

  it('sends a page compressed to a browser that accepts it, the same page once unpacked', async () => {
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(unpack(res.rawPayload).toString()).toBe((await app.inject({ url: '/' })).body);
    }
    expect((await app.inject({ url: '/' })).body).toContain('data-session="none"');
  });

  const signedIn = { cookie: 'numero_session=some-token' };
  it('answers / with the landing in the reader’s language, and any other page with the app shell', async () => {
    const en = await app.inject({ url: '/', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('Virtual numbers');
    expect((await app.inject({ url: '/' })).body).toContain('Números virtuais');
    for (const url of ['/dashboard/wallet', '/register', '/assets/missing.js']) {
      const res = await app.inject({ url, headers: signedIn });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({
        url,
        status: 200,
        body: shell,
      });
    }
  });

  it('sends the pre-rendered sign-in page to a visitor and the dashboard’s shell to a signed-in browser', async () => {
    const page = async (url: string, headers: Record<string, string> = {}) =>
      (await app.inject({ url, headers })).body;
    expect(await page('/login?next=%2Fdashboard')).toContain('<title>login pt</title>');
    expect(await page('/login', { 'accept-language': 'en' })).toContain('<title>login en</title>');
    expect(await page('/dashboard', signedIn)).toContain('<title>dashboard pt</title>');
    expect(await page('/dashboard', { ...signedIn, 'accept-language': 'en' })).toContain(
      '<title>dashboard en</title>',
    );
    // Someone signed in is sent on from /login by the app, and a visitor from /dashboard: no page to show.
    expect(await page('/login', signedIn)).toContain('app shell');
    expect(await page('/dashboard')).toContain('app shell');
  });

  it('tells the app when the browser holds no session cookie, so it does not ask who is signed in', async () => {
    expect((await app.inject({ url: '/dashboard' })).body).toMatch(
      /^<!doctype html><html data-session="none"/,
    );
    expect((await app.inject({ url: '/dashboard/wallet', headers: signedIn })).body).toBe(shell);
  });

  it('marks every page of the offline demo, so its banner is in the first paint, and no other store’s', async () => {
    for (const url of ['/', '/dashboard/wallet']) {
      const res = await app.inject({ url, headers: signedIn });
      expect(res.body, url).toMatch(/^<!doctype html><html lang="(pt-BR|en)">/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const demo = await createTestApp({ env: { WEB_DIST: dist, DEMO_MODE: 'true' } });
    try {
      for (const url of ['/', '/dashboard/wallet']) {
        expect((await demo.app.inject({ url, headers: signedIn })).body, url).toMatch(
          /^<!doctype html><html data-demo="true" lang="pt-BR">/,
        );
      }
    } finally {
      await demo.app.close();
    }
  });

  it('keeps the API’s own 404 for unknown API paths, and nothing outside its folder is reachable', async () => {
    const api = await app.inject({ url: '/api/v1/nothing-here' });
    expect([api.statusCode, api.json().code]).toEqual([404, 'NOT_FOUND']);
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json']) {
      const res = await app.inject({ url });
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('answers a path under /api, /v1 or /stubs that no route serves with 404 in that API’s form, never a page', async () => {
    const asked: [string, 'GET' | 'POST', string, string][] = [
      // [url, method, content type, body]
      ['/api', 'GET', 'application/json', '"NOT_FOUND"'],
      ['/api/v2/anything?x=1', 'POST', 'application/json', '"NOT_FOUND"'],
      // 5sim's clients read plain text errors.
      ['/v1/user/vendor/wallets', 'GET', 'text/plain', 'not found'],
      ['/v1', 'GET', 'text/plain', 'not found'],
      ['/v1/guest/nothing', 'POST', 'text/plain', 'not found'],
      // handler_api.php's clients read tokens.
      ['/stubs/other.php?api_key=k&action=getBalance', 'GET', 'text/plain', 'BAD_ACTION'],
      ['/stubs', 'POST', 'text/plain', 'BAD_ACTION'],
    ];
    for (const [url, method, type, body] of asked) {
      const res = await app.inject({ url, method });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain(type);
      expect(res.body, url).toContain(body);
      expect(res.body, url).not.toMatch(/<html/i);
    }
    // Paths that only start like an API are still pages.
    for (const url of ['/v1x', '/apis', '/stubsy'])
      expect((await app.inject({ url })).headers['content-type'], url).toContain('text/html');
  });
});
