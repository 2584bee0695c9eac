import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers.ts';

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
