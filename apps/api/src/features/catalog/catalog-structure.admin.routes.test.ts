import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';

describe('staff categories and countries', async () => {
  const f = await createStaffFixture();
  const { app, admin } = f;
  const call = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: payload as object,
    });
  const categories = async () =>
    (await f.get('/api/v1/admin/categories')).json() as {
      id: number;
      slug: string;
      name_pt: string;
      is_active: boolean;
      services: { code: string; product_count: number }[];
    }[];
  const publicCategories = async () =>
    ((await app.inject({ url: '/api/v1/catalog/categories' })).json() as { slug: string }[]).map(
      (c) => c.slug,
    );

  it('lists the categories in order with the services (and products) filed under each', async () => {
    const list = await categories();
    expect(list.map((c) => c.slug)).toEqual(['sms', 'whatsapp', 'verification']);
    expect(list[1]!.services.map((s) => s.code)).toEqual(expect.arrayContaining(['wa', 'wb']));
  });

  it('creates, renames, orders and deactivates a category, each audited', async () => {
    const created = await call('POST', '/api/v1/admin/categories', {
      slug: 'social',
      name_pt: 'Redes sociais',
      name_en: 'Social networks',
    });
    expect(created.statusCode).toBe(201);
    const social = (created.json() as { id: number; slug: string }[]).find((c) => c.slug === 'social')!;
    const renamed = await call('PATCH', `/api/v1/admin/categories/${social.id}`, { name_pt: 'Social' });
    expect(renamed.statusCode).toBe(200);
    expect((await f.auditRows('categories', String(social.id))).map((r) => r.action)).toEqual([
      'CREATE',
      'UPDATE',
    ]);

    const ids = (await categories()).map((c) => c.id).reverse();
    const ordered = await call('PUT', '/api/v1/admin/categories/order', { ids });
    expect(ordered.statusCode).toBe(200);
    expect((ordered.json() as { id: number }[]).map((c) => c.id)).toEqual(ids);

    // Moving Instagram into the new category takes its products along; the store shows the category.
    const moved = await call('PUT', '/api/v1/admin/services/ig/category', { category_id: social.id });
    expect(moved.statusCode).toBe(200);
    const after = await categories();
    expect(after.find((c) => c.slug === 'social')!.services.map((s) => s.code)).toEqual(['ig']);
    expect(await publicCategories()).toContain('social');

    const off = await call('PATCH', `/api/v1/admin/categories/${social.id}`, { is_active: false });
    expect(off.statusCode).toBe(200);
    // Each process keeps the public list for CATEGORIES_TTL_MS (5 s).
    await expect.poll(publicCategories, { timeout: 8_000, interval: 500 }).not.toContain('social');
  });

  it('enables, disables, orders and maps countries', async () => {
    const res = await call('PATCH', '/api/v1/admin/countries/br', {
      dial_code: '+55',
      protocol_id: 73,
      name_en: 'Brazil',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json() as { code: string; protocol_id: number }[]).find((c) => c.code === 'BR'),
    ).toMatchObject({
      protocol_id: 73,
    });
    const taken = await call('PATCH', '/api/v1/admin/countries/US', { protocol_id: 73 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('PROTOCOL_ID_TAKEN');

    const codes = ((await f.get('/api/v1/admin/countries')).json() as { code: string }[]).map((c) => c.code);
    const reordered = [codes.at(-1)!, ...codes.slice(0, -1)];
    expect((await call('PUT', '/api/v1/admin/countries/order', { codes: reordered })).statusCode).toBe(200);
    const publicCountries = async () =>
      ((await app.inject({ url: '/api/v1/catalog/countries' })).json() as { code: string }[]).map(
        (c) => c.code,
      );
    expect((await publicCountries())[0]).toBe(reordered[0]);

    expect(
      (await call('PATCH', `/api/v1/admin/countries/${reordered[0]}`, { is_active: false })).statusCode,
    ).toBe(200);
    expect(await publicCountries()).not.toContain(reordered[0]);
    expect((await f.auditRows('countries', 'BR')).at(-1)).toMatchObject({
      action: 'UPDATE',
      after: { protocol_id: 73 },
    });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await categories();
    const cases: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/api/v1/admin/categories',
        { slug: 'Bad Slug', name_pt: 'x', name_en: 'x' },
        422,
        'VALIDATION_ERROR',
      ],
      [
        'POST',
        '/api/v1/admin/categories',
        { slug: 'sms', name_pt: 'SMS', name_en: 'SMS' },
        409,
        'CATEGORY_SLUG_TAKEN',
      ],
      [
        'POST',
        '/api/v1/admin/categories',
        { slug: 'ok', name_pt: '', name_en: 'x' },
        422,
        'VALIDATION_ERROR',
      ],
      ['PATCH', '/api/v1/admin/categories/999999', { name_pt: 'x' }, 404, 'CATEGORY_NOT_FOUND'],
      ['PATCH', '/api/v1/admin/categories/abc', { name_pt: 'x' }, 422, 'VALIDATION_ERROR'],
      ['PATCH', `/api/v1/admin/categories/${before[0]!.id}`, {}, 422, 'NOTHING_TO_CHANGE'],
      ['PUT', '/api/v1/admin/categories/order', { ids: [before[0]!.id] }, 422, 'ORDER_MISMATCH'],
      ['PUT', '/api/v1/admin/services/zz/category', { category_id: before[0]!.id }, 404, 'UNKNOWN_SERVICE'],
      ['PUT', '/api/v1/admin/services/wa/category', { category_id: 999999 }, 404, 'CATEGORY_NOT_FOUND'],
      ['PATCH', '/api/v1/admin/countries/ZZ', { is_active: false }, 404, 'UNKNOWN_COUNTRY'],
      ['PATCH', '/api/v1/admin/countries/BR', { dial_code: '55' }, 422, 'VALIDATION_ERROR'],
      ['PATCH', '/api/v1/admin/countries/BR', { flag: 'BR' }, 422, 'VALIDATION_ERROR'],
      ['PATCH', '/api/v1/admin/countries/BR', { protocol_id: -1 }, 422, 'VALIDATION_ERROR'],
      ['PUT', '/api/v1/admin/countries/order', { codes: ['BR', 'BR'] }, 422, 'ORDER_MISMATCH'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await call(method as 'POST', url, body);
      expect({ url, body, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        body,
        status,
        code,
      });
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(await categories()).toEqual(before);
  });

  it('is ADMIN only: a MANAGER and a customer are refused', async () => {
    await f.expectAdminOnly([
      ['GET', '/api/v1/admin/categories'],
      ['POST', '/api/v1/admin/categories', { slug: 'x1', name_pt: 'x', name_en: 'x' }],
      ['PATCH', '/api/v1/admin/categories/1', { name_pt: 'x' }],
      ['GET', '/api/v1/admin/countries'],
    ]);
    for (const key of [
      'PUT /api/v1/admin/categories/order',
      'PUT /api/v1/admin/services/:code/category',
      'PATCH /api/v1/admin/countries/:code',
      'PUT /api/v1/admin/countries/order',
    ])
      expect(app.declaredAccess.get(key), key).toEqual(['ADMIN']);
  });
});
