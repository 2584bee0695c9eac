import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

async function appWith(https: boolean) {
  const app = Fastify();
  registerSecurityHeaders(app, { https });
  app.get('/api/thing', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send('<!doctype html><p>hi</p>'),
  );
  await app.ready();
  return app;
}

describe('security headers', () => {
  it('gives data the strict set and a page the policy that lets the web app run', async () => {
    const app = await appWith(false);
    const data = await app.inject({ url: '/api/thing' });
    expect(data.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(data.headers).not.toHaveProperty('strict-transport-security');

    const page = await app.inject({ url: '/page' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    await app.close();
  });

  it('adds HSTS to every answer behind HTTPS, and upgrades a page’s requests', async () => {
    const app = await appWith(true);
    for (const url of ['/api/thing', '/page']) {
      const res = await app.inject({ url });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    }
    const page = await app.inject({ url: '/page' });
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await app.close();
  });
});
