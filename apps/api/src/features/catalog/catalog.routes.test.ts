import type { CountrySummary, ProductOffer, ServiceSummary } from '@numero/contract/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClock, createTestApp } from '../../test/helpers.ts';

describe('GET /api/v1/catalog/categories', async () => {
  const { app } = await createTestApp();

  it('gives the landing starting prices in reais from the catalogue', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/categories' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { slug: 'sms', name: 'SMS', from_price: 200, currency: 'BRL' },
      { slug: 'whatsapp', name: 'WhatsApp', from_price: 500, currency: 'BRL' },
      { slug: 'verification', name: 'Verificação', from_price: 150, currency: 'BRL' },
    ]);
  });

  it('gives dollar prices and English names when asked', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/categories?currency=USD&lang=en' });
    expect(res.json().map((c: { name: string; from_price: number }) => [c.name, c.from_price])).toEqual([
      ['SMS', 200],
      ['WhatsApp', 500],
      ['Verification', 150],
    ]);
  });

  it('refuses an unknown currency with 422 and a detail', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/categories?currency=EUR' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().detail).toContain('currency');
  });
});

describe('catalogue of services, countries and products', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({ now: clock.now });

  it('lists services most popular first with icon, category and the cheapest price in the currency', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/services' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const services: ServiceSummary[] = res.json().items;
    expect(services).toHaveLength(14);
    expect(res.json()).toMatchObject({ total: 14, next_cursor: null });
    expect(services[0]).toEqual({
      code: 'wa',
      name: 'WhatsApp',
      popularity: 100,
      category: 'whatsapp',
      category_name: 'WhatsApp',
      from_price: 500,
      currency: 'BRL',
      countries_available: 13,
    });
    const popularity = services.map((s) => s.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('filters services by category and gives English names and dollar prices', async () => {
    const res = await app.inject({
      url: '/api/v1/catalog/services?category=verification&currency=USD&lang=en',
    });
    const services: ServiceSummary[] = res.json().items;
    expect(services.map((s) => s.code)).toEqual(['go', 'am', 'mm', 'ds']);
    expect(services[0]).toMatchObject({ category_name: 'Verification', currency: 'USD', from_price: 150 });
    expect((await app.inject({ url: '/api/v1/catalog/services?category=none' })).json()).toEqual({
      items: [],
      total: 0,
      next_cursor: null,
    });
  });

  it('lists countries with ISO code, both names, flag and dialling code', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/countries?lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const countries: CountrySummary[] = res.json();
    expect(countries.find((c) => c.code === 'BR')).toEqual({
      code: 'BR',
      name: 'Brazil',
      name_pt: 'Brasil',
      name_en: 'Brazil',
      dial_code: '+55',
    });
    expect(countries.map((c) => c.name)).toEqual(
      [...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('lists the products of a service with the price in the asked currency and their stock', async () => {
    const res = await app.inject({ url: '/api/v1/catalog/products?service=wa&currency=USD&lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const products: ProductOffer[] = res.json().items;
    expect(products).toHaveLength(13);
    expect(res.json()).toMatchObject({ total: 13, next_cursor: null });
    expect(products.find((p) => p.country_code === 'BR')).toMatchObject({
      sku: 'WA-BR',
      service_name: 'WhatsApp',
      country_name: 'Brazil',
      dial_code: '+55',
      price: 500,
      currency: 'USD',
      available: true,
    });
    const one = await app.inject({ url: '/api/v1/catalog/products?service=wa&country=br' });
    expect(one.json().items).toHaveLength(1);
    expect(one.json().items[0]).toMatchObject({ country_name: 'Brasil', currency: 'BRL' });
  });

  it('shows an out-of-stock product as unavailable and hides an inactive one', async () => {
    await database.db.execute(sql`UPDATE products SET stock = 0 WHERE sku = 'TG-AR'`);
    await database.db.execute(sql`UPDATE products SET is_active = false WHERE sku = 'TG-MX'`);
    const listed = async (): Promise<ProductOffer[]> =>
      (await app.inject({ url: '/api/v1/catalog/products?service=tg' })).json().items;
    await expect.poll(async () => (await listed()).some((p) => p.country_code === 'MX')).toBe(false);
    const products = await listed();
    expect(products.find((p) => p.country_code === 'AR')).toMatchObject({ stock: 0, available: false });
    expect(products.find((p) => p.country_code === 'MX')).toBeUndefined();
    // Products in stock come first.
    expect(products.at(-1)!.country_code).toBe('AR');
    // The services list was answered (and remembered) before: a change made in plain SQL reaches that
    // memory by the database's notice, which PostgreSQL delivers a moment after the commit.
    const countriesOfTg = async () =>
      (await app.inject({ url: '/api/v1/catalog/services' }))
        .json()
        .items.find((s: ServiceSummary) => s.code === 'tg').countries_available;
    await expect.poll(countriesOfTg).toBe(11);
  });

  it('refuses malformed filters with 422', async () => {
    for (const url of [
      '/api/v1/catalog/products?service=WA%20X',
      '/api/v1/catalog/products?country=BRA',
      '/api/v1/catalog/products?currency=EUR',
      '/api/v1/catalog/countries?lang=fr',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps stock in step with the upstream seller through the periodic task', async () => {
    // The simulator sells no Uber numbers in Brazil; the demo catalogue says it has some.
    const before: ProductOffer[] = (
      await app.inject({ url: '/api/v1/catalog/products?service=ub&country=BR' })
    ).json().items;
    expect(before[0]!.stock).toBeGreaterThan(0);
    await app.scheduler.runOnce();
    // The product running out is announced: every process's shelf hears it a moment after the commit.
    const after = async () =>
      (await app.inject({ url: '/api/v1/catalog/products?service=ub&country=BR' })).json().items[0];
    await expect.poll(after).toMatchObject({ stock: 0, available: false });
  });
});
