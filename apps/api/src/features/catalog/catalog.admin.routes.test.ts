import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId } from '../../test/activations-fixture.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';

/** The demo catalogue: 14 services in 13 countries. */
const SERVICES = 14;
const COUNTRIES = 13;

describe('staff catalogue API: products', async () => {
  const {
    app,
    database,
    ledger,
    admin,
    wa,
    get,
    send,
    patch,
    totalOf,
    customer,
    balanceOf,
    buy,
    auditRows,
    expectAdminOnly,
  } = await createStaffFixture();

  describe('products', () => {
    it('lists every product with its derived fields, paged, with the total in X-Total-Count', async () => {
      const res = await get('/api/v1/admin/products?limit=5');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(totalOf(res)).toBe(SERVICES * COUNTRIES);
      const items = res.json();
      expect(items).toHaveLength(5);
      // Most popular service first: WhatsApp.
      const brazil = (await get('/api/v1/admin/products?search=WA-BR')).json()[0];
      expect(brazil).toMatchObject({
        id: wa.id,
        sku: 'WA-BR',
        name: 'WhatsApp · Brasil',
        service_code: 'wa',
        service_name: 'WhatsApp',
        country_code: 'BR',
        category: 'whatsapp',
        price_brl: 500,
        price_usd: 500,
        stock: 100_000,
        status: 'active',
        is_active: true,
      });
      expect(Date.parse(brazil.created_at)).not.toBeNaN();
      const english = await get('/api/v1/admin/products?search=WA-BR', admin, { 'accept-language': 'en' });
      expect(english.json()[0]).toMatchObject({ name: 'WhatsApp · Brazil', category_name: 'WhatsApp' });

      const page2 = await get('/api/v1/admin/products?skip=5&limit=5');
      expect(totalOf(page2)).toBe(SERVICES * COUNTRIES);
      const ids = new Set([...items, ...page2.json()].map((p: { id: number }) => p.id));
      expect(ids.size).toBe(10);
      const last = await get(`/api/v1/admin/products?skip=${SERVICES * COUNTRIES - 2}&limit=100`);
      expect(last.json()).toHaveLength(2);
    });

    it('searches the service name, SKU, country and category, and filters by category', async () => {
      const count = async (query: string) => totalOf(await get(`/api/v1/admin/products?${query}`));
      // WhatsApp and WhatsApp Business, in every country.
      expect(await count('search=whatsapp')).toBe(2 * COUNTRIES);
      expect(await count('search=tg-pt')).toBe(1);
      expect(await count('search=Alemanha')).toBe(SERVICES);
      expect(await count('search=Germany')).toBe(SERVICES);
      expect(await count(`search=${encodeURIComponent('Verificação')}`)).toBe(4 * COUNTRIES);
      expect(await count('search=%25')).toBe(0);
      expect(await count('search=_')).toBe(0);
      expect(await count('search=%20%20')).toBe(SERVICES * COUNTRIES);
      expect(await count('category=sms')).toBe(8 * COUNTRIES);
      expect(await count('category=sms&search=Brasil')).toBe(8);
      expect(await count('category=nope')).toBe(0);
    });

    it('derives out_of_stock from a zero stock, filters by status and sums it all up', async () => {
      const before = (await get('/api/v1/admin/products/summary')).json();
      expect(before.total).toBe(SERVICES * COUNTRIES);
      expect(before.active + before.inactive + before.out_of_stock).toBe(before.total);
      const [low] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM products WHERE stock > 0 AND stock <= 10`,
      );
      expect(before.low_stock).toBe(low!.n);

      const tg = await productId(database, 'TG-AR');
      const emptied = await patch(tg.id, { stock: 0 });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json()).toMatchObject({ stock: 0, status: 'out_of_stock', is_active: true });
      const outOfStock = await get('/api/v1/admin/products?status=out_of_stock&limit=100');
      expect(outOfStock.json().map((p: { sku: string }) => p.sku)).toContain('TG-AR');
      expect(outOfStock.json().every((p: { stock: number }) => p.stock === 0)).toBe(true);

      const lowered = await patch(tg.id, { stock: 7 });
      expect(lowered.json()).toMatchObject({ stock: 7, status: 'active' });
      const off = await patch(tg.id, { is_active: false });
      expect(off.json()).toMatchObject({ status: 'inactive', is_active: false });
      const inactive = await get('/api/v1/admin/products?status=inactive');
      expect(inactive.json().map((p: { sku: string }) => p.sku)).toEqual(['TG-AR']);
      const after = (await get('/api/v1/admin/products/summary')).json();
      expect(after.inactive).toBe(before.inactive + 1);
      expect(after.total).toBe(before.total);
      await patch(tg.id, { is_active: true, stock: 50 });
    });

    it('changes prices for the public catalogue and audits before and after', async () => {
      const ig = await productId(database, 'IG-PT');
      const res = await patch(ig.id, { price_brl: 1_234, price_usd: 321 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ sku: 'IG-PT', price_brl: 1_234, price_usd: 321 });

      const publicBrl = await app.inject({ url: '/api/v1/catalog/products?service=ig&currency=BRL' });
      expect(publicBrl.json().items.find((p: { sku: string }) => p.sku === 'IG-PT').price).toBe(1_234);
      const publicUsd = await app.inject({ url: '/api/v1/catalog/products?service=ig&currency=USD' });
      expect(publicUsd.json().items.find((p: { sku: string }) => p.sku === 'IG-PT').price).toBe(321);

      const audit = await auditRows('products', String(ig.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'UPDATE',
        actor_email: 'admin@numero.test',
        before: { price_brl: ig.price, price_usd: ig.price },
        after: { sku: 'IG-PT', price_brl: 1_234, price_usd: 321 },
      });
      expect(audit[0]!.ip).toBeTruthy();
      // Saving the same values again changes nothing and records nothing.
      expect((await patch(ig.id, { price_brl: 1_234 })).statusCode).toBe(200);
      expect(await auditRows('products', String(ig.id))).toHaveLength(1);
    });

    it('takes a deactivated product off sale: hidden from the catalogue, refused at purchase', async () => {
      const fb = await productId(database, 'FB-MX');
      await database.db.execute(sql`UPDATE products SET stock = 100 WHERE id = ${fb.id}`);
      const off = await patch(fb.id, { is_active: false });
      expect(off.json()).toMatchObject({ is_active: false, status: 'inactive' });
      const listed = await app.inject({ url: '/api/v1/catalog/products?service=fb' });
      expect(listed.json().items.map((p: { sku: string }) => p.sku)).not.toContain('FB-MX');

      const buyer = await customer();
      const refused = await buy(buyer, fb.id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('PRODUCT_UNAVAILABLE');
      expect(await balanceOf(buyer)).toBe(10_000);

      expect((await patch(fb.id, { is_active: true })).json().status).toBe('active');
      expect((await buy(buyer, fb.id)).statusCode).toBe(201);
      expect(await auditRows('products', String(fb.id))).toHaveLength(2);
    });

    it('refuses bad input with a 4xx and a detail, never a 500', async () => {
      const go = await productId(database, 'GO-BR');
      const cases: [unknown, number, string][] = [
        [{ price_brl: -100 }, 422, 'VALIDATION_ERROR'],
        [{ price_brl: 0 }, 422, 'VALIDATION_ERROR'],
        [{ price_brl: 12.5 }, 422, 'VALIDATION_ERROR'],
        [{ price_usd: 1e12 }, 422, 'VALIDATION_ERROR'],
        [{ price_brl: '500' }, 422, 'VALIDATION_ERROR'],
        [{ stock: -1 }, 422, 'VALIDATION_ERROR'],
        [{ stock: 1.5 }, 422, 'VALIDATION_ERROR'],
        [{ is_active: 'yes' }, 422, 'VALIDATION_ERROR'],
        [{ price: 100 }, 422, 'VALIDATION_ERROR'],
        [{}, 422, 'NOTHING_TO_UPDATE'],
        [[1, 2], 422, 'VALIDATION_ERROR'],
      ];
      for (const [body, status, code] of cases) {
        const res = await patch(go.id, body);
        expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status, code });
        expect(res.json().detail.length).toBeGreaterThan(5);
      }
      const fields = (await patch(go.id, { price_brl: -1 })).json().detail;
      expect(fields).toContain('price_brl');

      const notJson = await send('PATCH', `/api/v1/admin/products/${go.id}`, '{"price_brl": ', admin, {
        'content-type': 'application/json',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().code).toBe('INVALID_JSON');
      const text = await send('PATCH', `/api/v1/admin/products/${go.id}`, 'price_brl=5', admin, {
        'content-type': 'text/plain',
      });
      expect(text.statusCode).toBe(415);

      for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1' OR '1'='1"]) {
        const res = await patch(encodeURIComponent(id), { price_brl: 100 });
        expect({ id, status: res.statusCode }).toEqual({ id, status: 422 });
      }
      const unknown = await patch(999_999, { price_brl: 100 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: 'Produto não encontrado.' });

      for (const query of ['status=deleted', 'limit=0', 'limit=1000', 'skip=-1', 'category=DROP%20TABLE']) {
        const res = await get(`/api/v1/admin/products?${query}`);
        expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      }
      expect((await get(`/api/v1/admin/products?search=${'x'.repeat(101)}`)).statusCode).toBe(422);
      // Nothing above changed the product.
      expect((await get('/api/v1/admin/products?search=GO-BR')).json()[0].price_brl).toBe(go.price);
    });

    it('creates a product for a service × country without one, once, and audits it', async () => {
      await database.db.execute(
        sql`INSERT INTO countries (code, name_pt, name_en, dial_code) VALUES ('CL', 'Chile', 'Chile', '+56')`,
      );
      const body = { service_code: 'tg', country_code: 'cl', price_brl: 350, price_usd: 150, stock: 12 };
      const created = await send('POST', '/api/v1/admin/products', body);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        sku: 'TG-CL',
        name: 'Telegram · Chile',
        category: 'sms',
        price_brl: 350,
        price_usd: 150,
        stock: 12,
        status: 'active',
      });
      const listed = await app.inject({ url: '/api/v1/catalog/products?service=tg&country=CL' });
      expect(listed.json().items).toMatchObject([{ sku: 'TG-CL', price: 350 }]);
      expect(await auditRows('products', String(created.json().id))).toMatchObject([
        { action: 'CREATE', before: null, after: { sku: 'TG-CL', price_brl: 350 } },
      ]);

      const again = await send('POST', '/api/v1/admin/products', body);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PRODUCT_EXISTS');
      expect(again.json().detail).toContain('TG-CL');

      const cases: [unknown, number, string][] = [
        [{ ...body, service_code: 'zz' }, 422, 'UNKNOWN_SERVICE'],
        [{ ...body, country_code: 'ZZ' }, 422, 'UNKNOWN_COUNTRY'],
        [{ ...body, price_brl: -1 }, 422, 'VALIDATION_ERROR'],
        [{ ...body, service_code: 'WA; DROP' }, 422, 'VALIDATION_ERROR'],
        [{ ...body, sku: 'X' }, 422, 'VALIDATION_ERROR'],
        [{ service_code: 'tg' }, 422, 'VALIDATION_ERROR'],
      ];
      for (const [payload, status, code] of cases) {
        const res = await send('POST', '/api/v1/admin/products', payload);
        expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status, code });
      }
    });

    it('lists categories, services and countries for the screens', async () => {
      const res = await get('/api/v1/admin/products/options');
      expect(res.statusCode).toBe(200);
      const options = res.json();
      expect(options.categories.map((c: { slug: string }) => c.slug)).toEqual([
        'sms',
        'whatsapp',
        'verification',
      ]);
      expect(options.categories[1]).toMatchObject({ name: 'WhatsApp', product_count: 2 * COUNTRIES });
      expect(options.services).toHaveLength(SERVICES);
      expect(options.countries.map((c: { code: string }) => c.code)).toContain('BR');
    });
  });

  it('is for ADMIN only: 401 anonymous, 403 for CUSTOMER and MANAGER, with nothing changed', async () => {
    const sk = await productId(database, 'DS-ES');
    await expectAdminOnly([
      ['GET', '/api/v1/admin/products'],
      ['GET', '/api/v1/admin/products/summary'],
      [
        'POST',
        '/api/v1/admin/products',
        { service_code: 'ds', country_code: 'ES', price_brl: 1, price_usd: 1 },
      ],
      ['PATCH', `/api/v1/admin/products/${sk.id}`, { price_brl: 1 }],
    ]);
    expect((await get('/api/v1/admin/products?search=DS-ES')).json()[0].price_brl).toBe(sk.price);
    // A change needs an allowed Origin even for an admin.
    const noOrigin = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${sk.id}`,
      headers: { cookie: admin.cookie },
      payload: { price_brl: 1 },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
