import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { API_KEY, createFakeSeller } from '../../providers/numbers/sms-activate.fixture.ts';
import { startTestServer } from '../../providers/numbers/test-support.ts';
import { topUp } from '../../test/activations-fixture.ts';
import {
  createTestApp,
  type SignedIn,
  signInAsAdmin,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';

// 1 RUB = R$ 0.06 = US$ 0.011, so the seller's 2.50 RUB for WhatsApp in Brazil costs 15 and 3 cents.
const RATES = { RUB: { BRL: 0.06, USD: 0.011 } };

describe("the catalogue imported from a seller's whole price list", async () => {
  // A handler_api.php seller on loopback, the store's only seller: what it lists is the market.
  const seller = createFakeSeller();
  const server = await startTestServer((req, res) => seller.handle(req, res));
  afterAll(() => server.close());
  const { app, database } = await createTestApp({
    env: {
      NUMBER_PROVIDERS: 'sms-activate',
      SMS_ACTIVATE_BASE_URL: server.baseUrl,
      SMS_ACTIVATE_API_KEY: API_KEY,
      UPSTREAM_RATES: JSON.stringify(RATES),
    },
  });
  const db = database.db;
  const ledger = createLedgerService({ repository: createLedgerRepository(db) });
  const admin = await signInAsAdmin(app);
  const customer = await signUpAndSignIn(app);
  await topUp(database, ledger, customer.user.id, 100_000);

  const lists = (prices: Record<number, Record<string, { cost: number; count: number }>>) =>
    seller.force('getPrices', JSON.stringify(prices));
  const market = {
    73: { wa: { cost: 2.5, count: 41 }, fb: { cost: 1, count: 3 }, vk: { cost: 10, count: 7 } },
    // Russia (0) is new to the store; 12, the protocol's "USA (virtual)", is no country.
    0: { tg: { cost: 5, count: 4 } },
    12: { tg: { cost: 5, count: 4 } },
  };

  const importNow = async (who: SignedIn = admin) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const product = async (sku: string) => {
    const [row] = await queryRows<{
      id: number;
      price_brl: number;
      stock: number;
      is_active: boolean;
      sale_hold: string | null;
    }>(db, sql`SELECT id, price_brl, stock, is_active, sale_hold FROM products WHERE sku = ${sku}`);
    // Numbers come back as text from a raw query on PostgreSQL's driver.
    return row && { ...row, id: Number(row.id), price_brl: Number(row.price_brl), stock: Number(row.stock) };
  };
  const buy = (productId: number) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: customer.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: productId, currency: 'BRL' },
    });
  const auditCount = async () =>
    (await queryRows(db, sql`SELECT id FROM audit_logs WHERE action = 'IMPORT_CATALOG'`)).length;

  // Bought before the import: its order must stay readable once its product is withdrawn.
  const tgBr = (await product('TG-BR'))!;
  const order = await buy(tgBr.id);

  it('is for an ADMIN only', async () => {
    const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
    expect((await importNow(manager)).status).toBe(403);
    expect((await importNow(customer)).status).toBe(403);
    expect(await auditCount()).toBe(0);
  });

  it('adds what is new held for review, follows costs and stock, and withdraws what nobody sells', async () => {
    expect(order.statusCode, order.body).toBe(201);
    lists(market);
    const { status, body } = await importNow();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      providers: [{ provider: 'sms-activate', offers: 4, error: null }],
      new_services: 1,
      new_countries: 1,
      new_products: 2,
      // WA-BR and FB-BR, in BRL and USD, and the new VK-BR and TG-RU.
      costs_changed: 8,
      withdrawn: 182 - 2,
      paused: 0,
    });
    // 10 RUB = 60 cents; doubled (the default markup) and ending in ,90: R$ 1.90, off sale until staff look.
    expect(await product('VK-BR')).toMatchObject({
      price_brl: 190,
      stock: 7,
      is_active: false,
      sale_hold: null,
    });
    const [vk] = await queryRows<{ name: string; is_active: boolean }>(
      db,
      sql`SELECT name, is_active FROM services WHERE code = 'vk'`,
    );
    expect(vk).toEqual({ name: 'VKontakte', is_active: false });
    const [ru] = await queryRows(
      db,
      sql`SELECT name_pt, name_en, dial_code, is_active FROM countries WHERE code = 'RU'`,
    );
    expect(ru).toEqual({ name_pt: 'Rússia', name_en: 'Russia', dial_code: '+7', is_active: false });
    expect(await product('WA-BR')).toMatchObject({ stock: 41, sale_hold: null });
    expect(await product('TG-BR')).toMatchObject({ stock: 0, sale_hold: 'withdrawn' });

    expect((await buy(tgBr.id)).json().code).toBe('PRODUCT_UNAVAILABLE');
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/activations/${order.json().id}`,
      headers: { cookie: customer.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(await auditCount()).toBe(1);
  });

  it('changes nothing when run again on the same list, and leaves no trace when scheduled', async () => {
    const { body } = await importNow();
    expect(body).toMatchObject({
      new_products: 0,
      costs_changed: 0,
      stock_changed: 0,
      withdrawn: 0,
      paused: 0,
    });
    await db.execute(sql`DELETE FROM settings WHERE key = 'jobs.catalog.import'`);
    await app.scheduler.runOnce();
    expect(await auditCount()).toBe(2);
  });

  it('pauses a product whose cost rises above its price until a person prices it', async () => {
    const wa = (await product('WA-BR'))!;
    // 100 RUB = R$ 6.00, above WhatsApp's R$ 5.00.
    lists({ ...market, 73: { ...market[73], wa: { cost: 100, count: 41 } } });
    expect((await importNow()).body).toMatchObject({ paused: 1, costs_changed: 2 });
    expect(await product('WA-BR')).toMatchObject({ sale_hold: 'cost_above_price' });
    expect((await buy(wa.id)).json().code).toBe('PRODUCT_UNAVAILABLE');

    const priced = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${wa.id}`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { price_brl: 700, price_usd: 200 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await product('WA-BR')).toMatchObject({ sale_hold: null });
    expect((await buy(wa.id)).statusCode).toBe(201);
    expect((await importNow()).body).toMatchObject({ paused: 0, unpaused: 0 });
  });

  it('keeps everything as it was while the seller fails', async () => {
    seller.force('getPrices', 'BAD_KEY');
    const before = await queryRows(db, sql`SELECT id, stock, sale_hold FROM products ORDER BY id`);
    const { body } = await importNow();
    expect(body.providers[0].error).toMatch(/BAD_KEY/);
    expect(body).toMatchObject({ withdrawn: 0, stock_changed: 0, costs_changed: 0 });
    expect(await queryRows(db, sql`SELECT id, stock, sale_hold FROM products ORDER BY id`)).toEqual(before);
  });

  it('puts a withdrawn product back on sale when a seller offers it again', async () => {
    lists({ ...market, 73: { ...market[73], tg: { cost: 2, count: 5 } } });
    expect((await importNow()).body).toMatchObject({ relisted: 1, withdrawn: 0 });
    expect(await product('TG-BR')).toMatchObject({ stock: 5, sale_hold: null });
    expect((await buy(tgBr.id)).statusCode).toBe(201);
  });

  it('reads the same catalogue however many products each statement of its snapshot reads', async () => {
    const repository = createCatalogImportRepository(db);
    const whole = await repository.snapshot();
    expect(whole.products.length).toBeGreaterThan(100);
    expect(whole.costs.get('sms-activate')?.size).toBeGreaterThan(0);
    expect(whole.products.some((p) => p.hold !== null)).toBe(true);
    // 7 products a statement: chunk edges fall between a product's costs' neighbours.
    expect(await repository.snapshot(7)).toEqual(whole);
  });
});
