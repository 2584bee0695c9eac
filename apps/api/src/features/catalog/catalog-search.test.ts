import type { CatalogSearchResponse } from '@numero/contract/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';

describe('catalogue search', async () => {
  const { app, database } = await createTestApp();
  const search = async (query: Record<string, string>) => {
    const res = await app.inject({ url: '/api/v1/catalog/search', query });
    return { status: res.statusCode, body: res.json() as CatalogSearchResponse };
  };
  const codes = (list: { code: string }[]) => list.map((x) => x.code);

  it('finds a service from the first letters, with a typo, in any case and without accents', async () => {
    expect(codes((await search({ q: 'whatsap' })).body.services)).toContain('wa');
    expect(codes((await search({ q: 'telegrama' })).body.services)).toEqual(['tg']);
    expect(codes((await search({ q: 'TELGRAM' })).body.services)).toEqual(['tg']);
    expect(codes((await search({ q: 'wahtsapp' })).body.services)).toContain('wa');
    // A code finds its service too.
    expect(codes((await search({ q: 'ds' })).body.services)).toContain('ds');
    expect((await search({ q: 'xyzzy' })).body).toEqual({ services: [], countries: [], next_cursor: null });
  });

  it('finds a country by its Portuguese or English name, named in the reader’s language', async () => {
    const pt = (await search({ q: 'Alemanha' })).body.countries;
    expect(pt).toEqual([expect.objectContaining({ code: 'DE', name: 'Alemanha', dial_code: '+49' })]);
    const en = (await search({ q: 'germany', lang: 'en' })).body.countries;
    expect(en).toEqual([expect.objectContaining({ code: 'DE', name: 'Germany' })]);
    expect(codes((await search({ q: 'india' })).body.countries)).toEqual(['IN']);
    expect(codes((await search({ q: 'Índia' })).body.countries)).toEqual(['IN']);
  });

  it('gives prices in the asked currency, as the services list does', async () => {
    const brl = (await search({ q: 'telegram' })).body.services[0]!;
    const usd = (await search({ q: 'telegram', currency: 'USD' })).body.services[0]!;
    const list = (await app.inject({ url: '/api/v1/catalog/services?currency=USD' })).json().items;
    expect(brl.currency).toBe('BRL');
    expect(usd).toEqual(list.find((s: { code: string }) => s.code === 'tg'));
  });

  it('pages the matches with a cursor, each once', async () => {
    // WhatsApp and WhatsApp Business.
    const first = (await search({ q: 'whatsapp', limit: '1' })).body;
    expect(first.services).toHaveLength(1);
    expect(first.next_cursor).toBe('1');
    const second = (await search({ q: 'whatsapp', limit: '1', cursor: first.next_cursor! })).body;
    expect([...codes(first.services), ...codes(second.services)].sort()).toEqual(['wa', 'wb']);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a query it cannot read', async () => {
    const queries: Record<string, string>[] = [
      { q: '' },
      { q: 'x'.repeat(61) },
      { q: 'wa', cursor: 'abc' },
      { q: 'wa', limit: '500' },
    ];
    for (const query of queries) {
      const { status } = await search(query);
      expect(status, JSON.stringify(query)).toBe(422);
    }
  });

  it('follows the catalogue: a service staff switch off stops being found', async () => {
    expect(codes((await search({ q: 'discord' })).body.services)).toEqual(['ds']);
    await database.db.execute(sql`UPDATE services SET is_active = false WHERE code = 'ds'`);
    // Its message on catalog_changed forgets the shelf the search reads.
    await expect.poll(async () => codes((await search({ q: 'discord' })).body.services)).toEqual([]);
  });
});
