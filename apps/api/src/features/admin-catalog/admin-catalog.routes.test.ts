import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import { productId, settlementTransfers, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

const SMS_DELAY_MS = 5_000;
/** The demo catalogue: 14 services in 13 countries. */
const SERVICES = 14;
const COUNTRIES = 13;

describe('admin catalogue API: products and orders', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({
    now: clock.now,
    env: {
      SIMULATOR_MIN_DELAY_MS: String(SMS_DELAY_MS),
      SIMULATOR_MAX_DELAY_MS: String(SMS_DELAY_MS),
      SIMULATOR_NO_SMS_RATE: '0',
    },
  });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const admin = await signInAsAdmin(app);
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  const get = (url: string, who: SignedIn | null = admin, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    who: SignedIn | null = admin,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const patch = (id: number | string, body: unknown) => send('PATCH', `/api/v1/admin/products/${id}`, body);
  const totalOf = (res: LightMyRequestResponse) => Number(res.headers['x-total-count']);

  async function customer(balance = 10_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    if (balance > 0) await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const balanceOf = (who: SignedIn) => ledger.walletBalance(who.user.id, 'BRL');
  const buy = (who: SignedIn, product = wa.id) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: product, currency: 'BRL' },
    });
  const auditRows = (entityType: string, entityId: string) =>
    queryRows<{ action: string; actor_email: string; before: unknown; after: unknown; ip: string | null }>(
      database.db,
      sql`SELECT action, actor_email, before, after, ip FROM audit_logs
          WHERE entity_type = ${entityType} AND entity_id = ${entityId} ORDER BY id`,
    );

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
        flag: '🇧🇷',
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
      expect(publicBrl.json().find((p: { sku: string }) => p.sku === 'IG-PT').price).toBe(1_234);
      const publicUsd = await app.inject({ url: '/api/v1/catalog/products?service=ig&currency=USD' });
      expect(publicUsd.json().find((p: { sku: string }) => p.sku === 'IG-PT').price).toBe(321);

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
      expect(listed.json().map((p: { sku: string }) => p.sku)).not.toContain('FB-MX');

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
        sql`INSERT INTO countries (code, name_pt, name_en, dial_code, flag) VALUES ('CL', 'Chile', 'Chile', '+56', '🇨🇱')`,
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
      expect(listed.json()).toMatchObject([{ sku: 'TG-CL', price: 350 }]);
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

  describe('orders', () => {
    it("lists every customer's activations with the customer, searchable and filtered", async () => {
      const buyer = await customer();
      await database.db.update(users).set({ fullName: 'Joana Pereira' }).where(eq(users.id, buyer.user.id));
      const other = await customer();
      const mine = (await buy(buyer)).json();
      await buy(other);

      const all = await get('/api/v1/admin/orders?limit=100');
      expect(all.statusCode).toBe(200);
      expect(totalOf(all)).toBeGreaterThanOrEqual(2);
      const row = all.json().find((o: { id: string }) => o.id === mine.id);
      expect(row).toMatchObject({
        user_id: buyer.user.id,
        user_name: 'Joana Pereira',
        user_email: buyer.user.email,
        service_name: 'WhatsApp',
        country_code: 'BR',
        flag: '🇧🇷',
        status: 'waiting_sms',
        payment_status: 'pending',
        price: wa.price,
        currency: 'BRL',
        code: null,
        can_cancel: true,
        can_finish: false,
      });
      expect(row.phone_number).toMatch(/^55\d+$/);
      expect(row.expires_at).toBe(new Date(clock.now().getTime() + 20 * 60_000).toISOString());
      const otherRow = all.json().find((o: { user_id: string }) => o.user_id === other.user.id);
      // No full name: the part of the email before the @.
      expect(otherRow.user_name).toBe(other.user.email.split('@')[0]);

      const found = async (search: string) => {
        const res = await get(`/api/v1/admin/orders?search=${encodeURIComponent(search)}`);
        expect(res.statusCode).toBe(200);
        return res.json().map((o: { id: string }) => o.id) as string[];
      };
      expect(await found(buyer.user.email)).toEqual([mine.id]);
      expect(await found(buyer.user.email.toUpperCase())).toEqual([mine.id]);
      expect(await found('joana pere')).toEqual([mine.id]);
      expect(await found(mine.id)).toEqual([mine.id]);
      expect(await found(`#${mine.id.slice(0, 8)}`)).toEqual([mine.id]);
      const phone = mine.phone_number as string;
      expect(await found(`+${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4)}`)).toEqual([mine.id]);
      expect(await found('nobody-at-all@nowhere')).toEqual([]);

      const waiting = await get(`/api/v1/admin/orders?status=waiting_sms&search=${buyer.user.email}`);
      expect(totalOf(waiting)).toBe(1);
      expect(totalOf(await get(`/api/v1/admin/orders?status=finished&search=${buyer.user.email}`))).toBe(0);
      expect(
        totalOf(await get(`/api/v1/admin/orders?payment_status=pending&search=${buyer.user.email}`)),
      ).toBe(1);
      expect(totalOf(await get(`/api/v1/admin/orders?payment_status=paid&search=${buyer.user.email}`))).toBe(
        0,
      );
      const paged = await get('/api/v1/admin/orders?limit=1&skip=1');
      expect(paged.json()).toHaveLength(1);
      expect(totalOf(paged)).toBe(totalOf(all));

      for (const query of ['status=shipped', 'payment_status=failed', 'limit=101', 'skip=x']) {
        const res = await get(`/api/v1/admin/orders?${query}`);
        expect({ query, status: res.statusCode }).toEqual({ query, status: 422 });
      }
    });

    it('cancels a waiting order with a refund to the customer, exactly once, and audits it', async () => {
      const buyer = await customer();
      const bought = (await buy(buyer)).json();
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
      const summaryBefore = (await get('/api/v1/admin/orders/summary')).json();

      const cancelled = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        id: bought.id,
        status: 'cancelled',
        payment_status: 'refunded',
        can_cancel: false,
      });
      expect(await balanceOf(buyer)).toBe(10_000);

      const again = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ACTIVATION_CLOSED' });
      expect(again.json().detail).toBe('Esta ativação já foi encerrada.');
      expect(await balanceOf(buyer)).toBe(10_000);
      expect((await settlementTransfers(database, bought.id)).map((t) => t.kind)).toEqual([
        'purchase',
        'refund',
      ]);

      // The customer sees it too.
      const own = await app.inject({
        url: `/api/v1/activations/${bought.id}`,
        headers: { cookie: buyer.cookie },
      });
      expect(own.json()).toMatchObject({ status: 'cancelled', settled: 'refunded' });

      expect(await auditRows('orders', bought.id)).toMatchObject([
        {
          action: 'UPDATE',
          actor_email: 'admin@numero.test',
          before: { status: 'waiting_sms', settled: null },
          after: { operation: 'cancel', status: 'cancelled', settled: 'refunded', refunded: wa.price },
        },
      ]);
      const summaryAfter = (await get('/api/v1/admin/orders/summary')).json();
      expect(summaryAfter.by_status.cancelled).toBe(summaryBefore.by_status.cancelled + 1);
      expect(summaryAfter.by_status.waiting_sms).toBe(summaryBefore.by_status.waiting_sms - 1);
      expect(summaryAfter.by_payment_status.refunded).toBe(summaryBefore.by_payment_status.refunded + 1);
      expect(summaryAfter.total).toBe(summaryBefore.total);
      expect(await ledger.verify()).toEqual([]);
    });

    it('finishes an order with its code, refuses to refund it, and refuses to finish one without', async () => {
      const buyer = await customer();
      const bought = (await buy(buyer)).json();
      const early = await send('POST', `/api/v1/admin/orders/${bought.id}/finish`);
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('FINISH_NOT_ALLOWED');

      clock.advance(SMS_DELAY_MS + 1_000);
      await app.scheduler.runOnce();
      const withCode = (await get(`/api/v1/admin/orders?search=${bought.id}`)).json()[0];
      expect(withCode).toMatchObject({ status: 'code_received', payment_status: 'paid', can_finish: true });
      expect(withCode.code).toMatch(/^\d{4,8}$/);

      const refund = await send('POST', `/api/v1/admin/orders/${bought.id}/cancel`);
      expect(refund.statusCode).toBe(409);
      expect(refund.json().code).toBe('CODE_ALREADY_RECEIVED');
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);

      const finished = await send('POST', `/api/v1/admin/orders/${bought.id}/finish`);
      expect(finished.statusCode).toBe(200);
      expect(finished.json()).toMatchObject({
        status: 'finished',
        payment_status: 'paid',
        can_finish: false,
      });
      // Finishing twice changes nothing (as for the customer) and is audited once.
      expect((await send('POST', `/api/v1/admin/orders/${bought.id}/finish`)).statusCode).toBe(200);
      expect(await auditRows('orders', bought.id)).toMatchObject([
        { action: 'UPDATE', after: { operation: 'finish', status: 'finished', settled: 'captured' } },
      ]);
      expect(await balanceOf(buyer)).toBe(10_000 - wa.price);
      const paid = await get(`/api/v1/admin/orders?payment_status=paid&search=${buyer.user.email}`);
      expect(paid.json().map((o: { id: string }) => o.id)).toEqual([bought.id]);
    });

    it('answers unknown and malformed order ids with 404 and 422', async () => {
      for (const action of ['cancel', 'finish']) {
        const unknown = await send('POST', `/api/v1/admin/orders/${randomUUID()}/${action}`);
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().code).toBe('ACTIVATION_NOT_FOUND');
        const malformed = await send('POST', `/api/v1/admin/orders/not-a-uuid/${action}`);
        expect(malformed.statusCode).toBe(422);
        expect(malformed.json().detail).toContain('id');
      }
    });

    it('exports the filtered list as CSV, defusing spreadsheet formulas', async () => {
      const buyer = await customer();
      await database.db
        .update(users)
        .set({ fullName: '=HYPERLINK("http://evil.example","x")' })
        .where(eq(users.id, buyer.user.id));
      const bought = (await buy(buyer)).json();
      const res = await get(`/api/v1/admin/orders/export?search=${buyer.user.email}&lang=en`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2025-03-01.csv"');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'id,date,customer,email,service,country,number,code,status,payment,price,currency,expires_at',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(bought.id);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(lines[1]).toContain(',waiting_sms,pending,5.00,BRL,');

      const pt = await get(`/api/v1/admin/orders/export?search=${buyer.user.email}`);
      expect(pt.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('cliente,email,serviço');
      expect(pt.headers['content-disposition']).toContain('pedidos-');
      const none = await get('/api/v1/admin/orders/export?status=failed&search=nobody-here');
      expect(
        none.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n'),
      ).toHaveLength(1);
    });
  });

  it('is for ADMIN only: 401 anonymous, 403 for CUSTOMER and MANAGER, with nothing changed', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    const buyer = await customer();
    const sk = await productId(database, 'DS-ES');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/products'],
      ['GET', '/api/v1/admin/products/summary'],
      ['GET', '/api/v1/admin/products/options'],
      [
        'POST',
        '/api/v1/admin/products',
        { service_code: 'ds', country_code: 'ES', price_brl: 1, price_usd: 1 },
      ],
      ['PATCH', `/api/v1/admin/products/${sk.id}`, { price_brl: 1 }],
      ['GET', '/api/v1/admin/orders'],
      ['GET', '/api/v1/admin/orders/summary'],
      ['GET', '/api/v1/admin/orders/export'],
      ['POST', `/api/v1/admin/orders/${randomUUID()}/cancel`],
      ['POST', `/api/v1/admin/orders/${randomUUID()}/finish`],
    ];
    for (const [method, url, payload] of routes) {
      for (const [who, status] of [
        [null, 401],
        [buyer, 403],
        [manager, 403],
      ] as const) {
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
          ...(payload ? { payload: payload as object } : {}),
        });
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status });
      }
      expect(
        app.declaredAccess.get(
          `${method} ${url.replace(/\/[0-9a-f-]{36}\//, '/:id/').replace(/\/\d+$/, '/:id')}`,
        ),
      ).toEqual(['ADMIN']);
    }
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
