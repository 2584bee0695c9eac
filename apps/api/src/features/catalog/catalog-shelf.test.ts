import type { ProductOffer } from '@numero/contract/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';

type Page = { items: ProductOffer[]; total: number; next_cursor: string | null };

/** GET /api/v1/catalog/products over the demo catalogue (14 services × 13 countries). */
describe('GET /api/v1/catalog/products: filtered, sorted and paged', async () => {
  const { app, database } = await createTestApp();
  const page = async (query: string): Promise<Page> => {
    const res = await app.inject({ url: `/api/v1/catalog/products?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const all = async (query: string) => {
    const items: ProductOffer[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: Page = await page(`${query}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      items.push(...next.items);
      cursor = next.next_cursor;
    }
    return items;
  };

  it('pages the whole catalogue without losing or repeating a product', async () => {
    const first = await page('currency=BRL');
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(182);
    // Most sought first: WhatsApp's 13 countries lead.
    expect(new Set(first.items.slice(0, 13).map((p) => p.service_code))).toEqual(new Set(['wa']));
    const everything = await all('currency=BRL');
    expect(everything).toHaveLength(182);
    expect(new Set(everything.map((p) => p.id)).size).toBe(182);
  });

  it('keeps the first page small enough to send at once', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/products?currency=BRL' });
    expect(Buffer.byteLength(res.body)).toBeLessThan(30_000);
  });

  it('sorts a service by price and by success rate, products in stock first', async () => {
    await database.db.execute(sql`UPDATE products SET stock = 0 WHERE sku = 'TG-BR'`);
    await expect.poll(async () => (await page('service=tg&country=BR')).items[0]?.stock).toBe(0);
    const cheapest = (await page('service=tg&sort=price')).items;
    expect(cheapest.at(-1)!.country_code).toBe('BR');
    const inStock = cheapest.filter((p) => p.available).map((p) => p.price);
    expect(inStock).toEqual([...inStock].sort((a, b) => a - b));
    const onlyInStock = await page('service=tg&in_stock=true');
    expect(onlyInStock.items.every((p) => p.available)).toBe(true);
    expect(onlyInStock.total).toBe(cheapest.length - 1);
    // No sales yet: every record is unknown, and a minimum success rate leaves nothing.
    expect((await page('service=tg&sort=success')).total).toBe(cheapest.length);
    expect((await page('service=tg&min_success=0.5')).total).toBe(0);
  });

  it('filters by price range in the asked currency, and by name in either language', async () => {
    const brl = (await page('service=wa&currency=BRL')).items.map((p) => p.price);
    const [low, high] = [brl.toSorted((a, b) => a - b)[2]!, brl.toSorted((a, b) => a - b)[8]!];
    const ranged = await page(`service=wa&min_price=${low}&max_price=${high}`);
    expect(ranged.items.every((p) => p.price >= low && p.price <= high)).toBe(true);
    expect(ranged.total).toBe(brl.filter((p) => p >= low && p <= high).length);
    const germany = await page('service=wa&q=alemanha');
    expect(germany.items.map((p) => p.country_code)).toEqual(['DE']);
    expect((await page('service=wa&q=germany&lang=en')).items[0]).toMatchObject({ country_name: 'Germany' });
    expect((await page('country=BR&q=whats')).items.map((p) => p.service_code).sort()).toEqual(['wa', 'wb']);
  });

  it('refuses a reversed price range, a bad sort and a bad cursor with 422', async () => {
    for (const query of [
      'min_price=500&max_price=100',
      'sort=cheap',
      'cursor=abc',
      'limit=500',
      'min_success=2',
    ]) {
      const res = await app.inject({ url: `/api/v1/catalog/products?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});
