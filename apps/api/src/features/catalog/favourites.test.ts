import { MAX_FAVOURITES, type ServiceSummary } from '@numero/contract/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';

describe('GET /api/v1/catalog/services: filtered, sorted and paged', async () => {
  const { app } = await createTestApp();
  const page = async (query: string) => {
    const res = await app.inject({ url: `/api/v1/catalog/services?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: ServiceSummary[]; total: number; next_cursor: string | null };
  };

  it('pages the services, the most sought first, each once', async () => {
    const first = await page('limit=5');
    expect(first.items.map((s) => s.code)).toEqual(['wa', 'tg', 'go', 'ig', 'lf']);
    expect(first).toMatchObject({ total: 14, next_cursor: '5' });
    const rest = await page('limit=20&cursor=5');
    expect(rest.next_cursor).toBeNull();
    expect(new Set([...first.items, ...rest.items].map((s) => s.code)).size).toBe(14);
  });

  it('finds by name without accents, one by code, and sorts by name or starting price', async () => {
    expect((await page('q=WHATS')).items.map((s) => s.code)).toEqual(['wa', 'wb']);
    expect((await page('q=mercado livre')).items.map((s) => s.code)).toEqual(['ml']);
    expect((await page('service=tg&currency=USD&lang=en')).items).toEqual([
      expect.objectContaining({ code: 'tg', currency: 'USD', countries_available: 13 }),
    ]);
    const names = (await page('sort=name&limit=100')).items.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const prices = (await page('sort=price&limit=100')).items.map((s) => s.from_price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('refuses a bad sort or cursor with 422', async () => {
    for (const query of ['sort=cheap', 'cursor=x', 'limit=0', 'service=W A']) {
      expect((await app.inject({ url: `/api/v1/catalog/services?${query}` })).statusCode, query).toBe(422);
    }
  });
});

describe('favourite services, per customer', async () => {
  const { app, database } = await createTestApp();
  const ana = await signUpAndSignIn(app);
  const bia = await signUpAndSignIn(app);
  const call = (who: { cookie: string }, method: 'GET' | 'PUT' | 'DELETE', path = '') =>
    app.inject({
      method,
      url: `/api/v1/catalog/favourites${path}`,
      headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    });
  const codes = async (who: { cookie: string }, query = '') =>
    (await call(who, 'GET', query)).json().map((s: ServiceSummary) => s.code);

  it('keeps each customer their own list, the latest first, marking twice changing nothing', async () => {
    expect((await call(ana, 'PUT', '/tg')).statusCode).toBe(204);
    expect((await call(ana, 'PUT', '/ds')).statusCode).toBe(204);
    expect((await call(ana, 'PUT', '/tg')).statusCode).toBe(204);
    expect(await codes(ana)).toEqual(['ds', 'tg']);
    expect(await codes(bia)).toEqual([]);
    const usd = (await call(ana, 'GET', '?currency=USD&lang=en')).json()[0];
    expect(usd).toMatchObject({ code: 'ds', currency: 'USD', category_name: 'Verification' });
    expect((await call(ana, 'GET')).headers['cache-control']).toBe('private, no-store');
    expect((await call(ana, 'DELETE', '/ds')).statusCode).toBe(204);
    expect((await call(ana, 'DELETE', '/ds')).statusCode).toBe(204);
    expect(await codes(ana)).toEqual(['tg']);
  });

  it('refuses a visitor, an unknown service and a malformed code', async () => {
    const visitor = await app.inject({
      method: 'PUT',
      url: '/api/v1/catalog/favourites/wa',
      headers: { origin: TEST_ORIGIN },
    });
    expect(visitor.statusCode).toBe(401);
    const unknown = await call(bia, 'PUT', '/zz');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_SERVICE']);
    expect((await call(bia, 'PUT', '/W%20A')).statusCode).toBe(422);
  });

  it(`stops at ${MAX_FAVOURITES} favourites with a clear error`, async () => {
    const cleo = await signUpAndSignIn(app);
    await database.db.execute(sql`INSERT INTO services (code, name, category_id)
      SELECT 'f' || n, 'Favourite ' || n, (SELECT id FROM categories LIMIT 1) FROM generate_series(1, ${MAX_FAVOURITES}) AS n`);
    await database.db.execute(sql`INSERT INTO favourite_services (user_id, service_code)
      SELECT ${cleo.user.id}::uuid, 'f' || n FROM generate_series(1, ${MAX_FAVOURITES}) AS n`);
    const full = await call(cleo, 'PUT', '/wa');
    expect([full.statusCode, full.json().code]).toEqual([409, 'FAVOURITES_FULL']);
    expect(full.json().detail).toContain(String(MAX_FAVOURITES));
    // One already held is still accepted (nothing changes).
    expect((await call(cleo, 'PUT', '/f1')).statusCode).toBe(204);
  });
});
