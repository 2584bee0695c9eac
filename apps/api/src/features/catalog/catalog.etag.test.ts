import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { matchesEtag } from '../../http/etag.ts';
import { createTestApp } from '../../test/helpers.ts';

describe('GET /api/v1/catalog/products: a repeat costs nothing', async () => {
  const { app, database } = await createTestApp();
  const url = '/api/v1/catalog/products?currency=BRL';

  it('answers 304 with no body to a browser that already holds the same list', async () => {
    const first = await app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age');

    const repeat = await app.inject({ url, headers: { 'if-none-match': etag } });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);
  });

  it('sends the list again once it changed, and to a browser holding another list', async () => {
    const before = (await app.inject({ url })).headers.etag as string;
    const dollars = await app.inject({
      url: '/api/v1/catalog/products?currency=USD',
      headers: { 'if-none-match': before },
    });
    expect(dollars.statusCode).toBe(200);
    expect(dollars.headers.etag).not.toBe(before);

    await database.db.execute(sql`UPDATE products SET price_brl = price_brl + 1 WHERE sku = 'WA-BR'`);
    // PostgreSQL tells the process of the change a moment after the commit (well within the 2 s memory).
    await vi.waitFor(
      async () => {
        const changed = await app.inject({ url, headers: { 'if-none-match': before } });
        expect(changed.statusCode).toBe(200);
        expect(changed.json().items.find((p: { sku: string }) => p.sku === 'WA-BR')).toBeDefined();
      },
      { timeout: 500, interval: 20 },
    );
  });

  it('still refuses a bad currency with a 4xx and no tag', async () => {
    const res = await app.inject({
      url: '/api/v1/catalog/products?currency=XXX',
      headers: { 'if-none-match': '*' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('If-None-Match', () => {
  it('matches a tag in a list, a weak tag and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
