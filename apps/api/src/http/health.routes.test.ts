import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../test/helpers.ts';

describe('health, readiness, metrics and docs', async () => {
  const { app, database } = await createTestApp();

  it('answers /health and /ready while the database is up', async () => {
    expect((await app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('exposes Prometheus metrics', async () => {
    await app.inject({ url: '/health' });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_count');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('publishes the OpenAPI document with the API routes', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/catalog/categories');
    // A body with a transform (the pricing rule's country) still has its JSON Schema.
    expect(res.json().paths['/api/v1/admin/pricing/preview'].post.requestBody).toBeDefined();
    expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('gives 404 { detail, code } for an unknown API path, in the caller language', async () => {
    const pt = await app.inject({ url: '/api/v1/nope' });
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toEqual({ detail: 'Recurso não encontrado.', code: 'NOT_FOUND' });
    const en = await app.inject({ url: '/api/v1/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json()).toEqual({ detail: 'Not found.', code: 'NOT_FOUND' });
  });

  it('gives 400 for a body that is not valid JSON, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/catalog/categories',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{"amount": 12,',
    });
    expect(res.statusCode).toBeLessThan(500);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/nope',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: '{not json',
    });
    expect([400, 404]).toContain(bad.statusCode);
    expect(bad.json()).toHaveProperty('code');
  });

  it('sets security headers', async () => {
    const res = await app.inject({ url: '/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 on /ready once the database is unreachable', async () => {
    await database.close();
    const res = await app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
