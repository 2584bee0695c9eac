import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminProductCreate,
  AdminProductIdParams,
  AdminProductsQuery,
  AdminProductUpdate,
  CatalogSearchQuery,
  CountryCode,
  MAX_PRICE_CENTS,
  MAX_STOCK,
  ProductOffer,
  ProductPrice,
  ProductStock,
  ProductsQuery,
  ServiceCode,
  ServicesQuery,
} from './catalog.ts';
import {
  AdminCategoryCreate,
  AdminCategoryIdParams,
  AdminCategoryOrder,
  AdminCategoryUpdate,
  AdminCountryCodeParams,
  AdminCountryOrder,
  AdminCountryUpdate,
  AdminServiceMove,
} from './catalog-structure.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe('codes of the catalogue', () => {
  it('name a service by 2 to 12 lower-case letters and digits', () => {
    expect(ServiceCode.parse(' wa ')).toBe('wa');
    check(ServiceCode, ['wa', 'x'.repeat(12), '5sim'], ['w', 'x'.repeat(13), 'WA', 'whats-app', 'wa_b', '']);
  });

  it('name a country by two letters, upper-cased', () => {
    expect(CountryCode.parse(' br ')).toBe('BR');
    expect(AdminCountryCodeParams.parse({ code: 'us' })).toEqual({ code: 'US' });
    check(CountryCode, ['BR', 'us'], ['B', 'BRA', 'B1', 'Ç1', '']);
    check(AdminCountryCodeParams, [{ code: 'BR' }], [{ code: 'BRA' }, { code: ' br' }, { code: '12' }]);
  });

  it('take ids in the path as positive 32-bit integers', () => {
    for (const params of [AdminProductIdParams, AdminCategoryIdParams]) {
      expect(params.parse({ id: '42' })).toEqual({ id: 42 });
      check(
        params,
        [{ id: '1' }, { id: '2147483647' }],
        [{ id: '0' }, { id: '-1' }, { id: '1.5' }, { id: 'x' }, { id: '2147483648' }],
      );
    }
  });
});

describe('what customers ask the catalogue', () => {
  it('filters services by a category of 1 to 40 characters, sorts them and pages 1 to 120', () => {
    expect(ServicesQuery.parse({})).toEqual({ currency: 'BRL', lang: 'pt', sort: 'popular', limit: 60 });
    check(
      ServicesQuery,
      [
        { category: 'social' },
        { category: 'x'.repeat(40), lang: 'en' },
        { sort: 'name', limit: '120', cursor: '999999' },
        { service: 'wa', q: 'x'.repeat(60) },
      ],
      [
        { category: '  ' },
        { category: 'x'.repeat(41) },
        { currency: 'EUR' },
        { lang: 'es' },
        { sort: 'cheap' },
        { limit: '0' },
        { limit: '121' },
        { cursor: '1234567' },
        { service: 'W A' },
        { q: 'x'.repeat(61) },
      ],
    );
  });

  it('pages products 1 to 100 at a time, with price bounds in order and a success rate of 0 to 1', () => {
    expect(ProductsQuery.parse({})).toEqual({
      currency: 'BRL',
      lang: 'pt',
      sort: 'popular',
      in_stock: false,
      limit: 50,
    });
    expect(ProductsQuery.parse({ in_stock: 'true', country: 'br' })).toMatchObject({
      in_stock: true,
      country: 'BR',
    });
    check(
      ProductsQuery,
      [
        { min_price: '0', max_price: String(MAX_PRICE_CENTS) },
        { min_price: '500', max_price: '500' },
        { min_success: '0' },
        { min_success: '1', sort: 'success', limit: '100' },
      ],
      [
        { min_price: '501', max_price: '500' },
        { max_price: String(MAX_PRICE_CENTS + 1) },
        { min_price: '-1' },
        { min_success: '1.1' },
        { sort: 'cheap' },
        { limit: '101' },
        { in_stock: 'yes' },
        { cursor: 'x' },
      ],
    );
  });

  it('searches with 1 to 60 characters, 1 to 50 results, and a numeric cursor of up to 6 digits', () => {
    expect(CatalogSearchQuery.parse({ q: ' whats ' })).toEqual({
      q: 'whats',
      currency: 'BRL',
      lang: 'pt',
      limit: 20,
    });
    check(
      CatalogSearchQuery,
      [
        { q: 'x'.repeat(60) },
        { q: 'wa', limit: '1' },
        { q: 'wa', limit: '50', cursor: '999999' },
        { q: 'wa', cursor: '0' },
      ],
      [
        { q: '' },
        { q: '   ' },
        { q: 'x'.repeat(61) },
        { q: 'wa', limit: '0' },
        { q: 'wa', limit: '51' },
        { q: 'wa', cursor: '1234567' },
        { q: 'wa', cursor: '-1' },
        { q: 'wa', cursor: 'abc' },
        {},
      ],
    );
  });

  it('is answered with a success rate between 0 and 1 or none, and times and samples not negative', () => {
    const offer = {
      id: 1,
      sku: 'WA-BR',
      service_code: 'wa',
      service_name: 'WhatsApp',
      country_code: 'BR',
      country_name: 'Brasil',
      dial_code: '+55',
      price: 500,
      currency: 'BRL',
      stock: 10,
      available: true,
      success_rate: 0.9,
      median_seconds_to_code: 14,
      sample_size: 20,
    };
    check(
      ProductOffer,
      [offer, { ...offer, success_rate: null, median_seconds_to_code: null, sample_size: 0 }],
      [
        { ...offer, success_rate: 1.1 },
        { ...offer, success_rate: -0.1 },
        { ...offer, median_seconds_to_code: -1 },
        { ...offer, median_seconds_to_code: 1.5 },
        { ...offer, sample_size: -1 },
      ],
    );
  });
});

describe("staff's products", () => {
  it(`price a product from 1 cent to ${MAX_PRICE_CENTS} and stock it from 0 to ${MAX_STOCK}`, () => {
    check(ProductPrice, [1, MAX_PRICE_CENTS], [0, -1, 1.5, MAX_PRICE_CENTS + 1, '100']);
    check(ProductStock, [0, MAX_STOCK], [-1, 0.5, MAX_STOCK + 1]);
  });

  it('are created from a service, a country and two prices, the stock 0 and on sale unless told', () => {
    const product = { service_code: 'wa', country_code: 'br', price_brl: 500, price_usd: 100 };
    expect(AdminProductCreate.parse(product)).toEqual({
      ...product,
      country_code: 'BR',
      stock: 0,
      is_active: true,
    });
    check(
      AdminProductCreate,
      [{ ...product, stock: MAX_STOCK }],
      [
        { ...product, price_brl: 0 },
        { ...product, price_usd: MAX_PRICE_CENTS + 1 },
        { ...product, stock: -1 },
        { ...product, service_code: 'WA' },
        { ...product, country_code: 'BRA' },
        { ...product, sku: 'WA-BR' },
        { service_code: 'wa', country_code: 'br', price_brl: 500 },
      ],
    );
  });

  it('are changed by any of their prices, stock or switch, each within its bounds', () => {
    check(
      AdminProductUpdate,
      [{}, { price_brl: 1 }, { stock: 0, is_active: false }],
      [{ price_brl: 0 }, { stock: MAX_STOCK + 1 }, { sku: 'WA-US' }],
    );
  });

  it('are listed with a category slug filter of 1 to 40 lower-case letters, digits and dashes', () => {
    check(
      AdminProductsQuery,
      [{}, { category: 'social-media' }, { category: 'x'.repeat(40), status: 'withdrawn' }],
      [{ category: 'Social' }, { category: 'x'.repeat(41) }, { category: 'a b' }, { status: 'deleted' }],
    );
  });
});

describe('staff categories and countries', () => {
  it('create a category with a slug of 2 to 40 characters and names of 1 to 60, on unless told', () => {
    const category = { slug: 'social', name_pt: 'Redes sociais', name_en: 'Social media' };
    expect(AdminCategoryCreate.parse(category)).toEqual({ ...category, is_active: true });
    check(
      AdminCategoryCreate,
      [{ ...category, slug: 'ab', name_pt: 'x'.repeat(60) }],
      [
        { ...category, slug: 'a' },
        { ...category, slug: 'x'.repeat(41) },
        { ...category, slug: 'Social' },
        { ...category, name_pt: '  ' },
        { ...category, name_en: 'x'.repeat(61) },
        { ...category, sort_order: 1 },
      ],
    );
    check(
      AdminCategoryUpdate,
      [{}, { name_pt: 'Jogos' }, { is_active: false }],
      [{ name_en: '' }, { slug: 'games' }],
    );
  });

  it('order categories by 1 to 1000 positive ids, and move a service to a positive category id', () => {
    check(
      AdminCategoryOrder,
      [{ ids: [3, 1, 2] }, { ids: Array(1000).fill(1) }],
      [{ ids: [] }, { ids: Array(1001).fill(1) }, { ids: [0] }, { ids: [1.5] }],
    );
    check(
      AdminServiceMove,
      [{ category_id: 1 }],
      [{ category_id: 0 }, { category_id: '1' }, { category_id: 1, code: 'wa' }],
    );
  });

  it('change a country: names, a dial code of + and up to 4 digits, a protocol id of 0 to 100000', () => {
    check(
      AdminCountryUpdate,
      [
        {},
        { dial_code: '+1' },
        { dial_code: ' +1246 ' },
        { protocol_id: 0 },
        { protocol_id: 100_000 },
        { protocol_id: null },
      ],
      [
        { dial_code: '55' },
        { dial_code: '+0' },
        { dial_code: '+12345' },
        { dial_code: '+1-246' },
        { protocol_id: -1 },
        { protocol_id: 100_001 },
        { name_pt: '' },
        { code: 'BR' },
      ],
    );
  });

  it('order 1 to 300 countries by their upper-case codes', () => {
    check(
      AdminCountryOrder,
      [{ codes: ['BR', 'US'] }, { codes: Array(300).fill('BR') }],
      [{ codes: [] }, { codes: ['br'] }, { codes: ['BRA'] }, { codes: Array(301).fill('BR') }],
    );
  });
});
