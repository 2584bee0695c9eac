import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { productId } from '../../test/activations-fixture.ts';
import { signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';
import { ruledPrice } from './staff-pricing.ts';

/** Products per country in the demo catalogue (14 services). */
const PER_COUNTRY = 14;

describe('ruledPrice', () => {
  it('adds the markup (rounded up to the cent), keeps the floor, then rounds up to the ending', () => {
    expect(ruledPrice({ markup_percent: 30 }, 1000)).toBe(1300);
    expect(ruledPrice({ markup_percent: 30, ending: 90 }, 1000)).toBe(1390);
    expect(ruledPrice({ markup_percent: 12.5 }, 999)).toBe(1124);
    expect(ruledPrice({ markup_percent: 12.5, ending: 90 }, 999)).toBe(1190);
    expect(ruledPrice({ markup_percent: 29, ending: 90 }, 1000)).toBe(1290);
    expect(ruledPrice({ markup_percent: 0, floor: 2000, ending: 99 }, 1000)).toBe(2099);
    expect(ruledPrice({ markup_percent: 0, ending: 0 }, 0)).toBe(100);
  });
});

describe('staff pricing API: costs and bulk rules', async () => {
  const { app, database, admin, get, send, auditRows } = await createStaffFixture();
  const wa = await productId(database, 'WA-BR');
  const tg = await productId(database, 'TG-BR');
  const manager = await signUpAndSignIn(app, { role: 'MANAGER' });

  const put = (id: number, body: unknown, who = admin) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}/costs`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      payload: body as object,
    });
  const preview = (rule: unknown, who = admin) => send('POST', '/api/v1/admin/pricing/preview', rule, who);
  const apply = (rule: unknown, who = admin) => send('POST', '/api/v1/admin/pricing/apply', rule, who);
  const prices = () =>
    queryRows<{ sku: string; price_brl: string; price_usd: string }>(
      database.db,
      sql`SELECT sku, price_brl, price_usd FROM products ORDER BY sku`,
    );

  it('keeps upstream costs per product, provider and currency; refuses unknown providers and duplicates', async () => {
    const res = await put(wa.id, {
      costs: [
        { provider: 'simulator', currency: 'BRL', cost: 1000 },
        { provider: 'simulator', currency: 'USD', cost: 200 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await put(tg.id, { costs: [{ provider: 'simulator', currency: 'BRL', cost: 333 }] })).statusCode,
    ).toBe(200);
    const read = await get(`/api/v1/admin/products/${wa.id}/costs`, manager);
    expect(read.json()).toEqual({
      costs: [
        { provider: 'simulator', currency: 'BRL', cost: 1000 },
        { provider: 'simulator', currency: 'USD', cost: 200 },
      ],
    });
    expect((await auditRows('products', String(wa.id))).at(-1)).toMatchObject({
      action: 'UPDATE_COSTS',
      before: { costs: [] },
      after: { costs: [{ provider: 'simulator', currency: 'BRL', cost: 1000 }, expect.anything()] },
    });

    const unknown = await put(wa.id, { costs: [{ provider: 'nenhum', currency: 'BRL', cost: 1 }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ code: 'UNKNOWN_PROVIDER', detail: 'Fornecedor desconhecido: nenhum.' });
    const twice = await put(wa.id, {
      costs: [
        { provider: 'simulator', currency: 'BRL', cost: 1 },
        { provider: 'simulator', currency: 'BRL', cost: 2 },
      ],
    });
    expect(twice.json().code).toBe('DUPLICATE_COST');
    expect(
      (await put(wa.id, { costs: [{ provider: 'simulator', currency: 'BRL', cost: -1 }] })).statusCode,
    ).toBe(422);
    expect((await put(999_999, { costs: [] })).statusCode).toBe(404);
    expect((await get(`/api/v1/admin/products/${wa.id}/costs`)).json().costs).toHaveLength(2);
    expect((await put(wa.id, { costs: [] }, manager)).statusCode).toBe(403);
  });

  const rule = { currency: 'BRL', markup_percent: 50, country: 'br', ending: 90, floor: 600 };

  it('previews a rule (old → new per product) without changing anything; MANAGER may preview', async () => {
    const before = await prices();
    const res = await preview(rule, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: 'BRL',
      changes: [
        // 333 × 1.5 = 499.5 → 500, under the floor → 600 → ending ,90 → 690.
        { product_id: tg.id, sku: 'TG-BR', cost: 333, old_price: tg.price, new_price: 690 },
        { product_id: wa.id, sku: 'WA-BR', cost: 1000, old_price: wa.price, new_price: 1590 },
      ],
      unchanged: 0,
      without_cost: PER_COUNTRY - 2,
      applied: false,
    });
    expect(await prices()).toEqual(before);
  });

  it('applies it in one audited transaction, ADMIN only; applying again changes nothing', async () => {
    expect((await apply(rule, manager)).statusCode).toBe(403);
    const before = await prices();
    const res = await apply(rule);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, unchanged: 0, without_cost: PER_COUNTRY - 2 });
    expect(res.json().changes).toHaveLength(2);
    const after = await prices();
    const changed = after.filter((row, i) => row.price_brl !== before[i]!.price_brl);
    expect(changed.map((r) => [r.sku, Number(r.price_brl)])).toEqual([
      ['TG-BR', 690],
      ['WA-BR', 1590],
    ]);
    // The dollar prices are another rule's business.
    expect(after.map((r) => r.price_usd)).toEqual(before.map((r) => r.price_usd));

    const [row] = await queryRows<{ before: unknown; after: unknown; actor_email: string }>(
      database.db,
      sql`SELECT before, after, actor_email FROM audit_logs WHERE action = 'APPLY_PRICING'`,
    );
    expect(row).toMatchObject({
      before: { currency: 'BRL', prices: { 'TG-BR': tg.price, 'WA-BR': wa.price } },
      after: { rule: { markup_percent: 50, country: 'BR' }, prices: { 'TG-BR': 690, 'WA-BR': 1590 } },
    });

    const again = await apply(rule);
    expect(again.json()).toMatchObject({ changes: [], unchanged: 2, applied: false });
    const audits = await queryRows(database.db, sql`SELECT 1 FROM audit_logs WHERE action = 'APPLY_PRICING'`);
    expect(audits).toHaveLength(1);
  });

  it('scopes by provider and currency: no USD cost from this seller elsewhere, nothing to do', async () => {
    const res = await preview({ currency: 'USD', markup_percent: 10, provider: 'simulator', service: 'tg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toEqual([]);
    expect(res.json().without_cost).toBeGreaterThan(0);
  });

  it('refuses bad rules with a clear 4xx and changes nothing', async () => {
    const before = await prices();
    const bad: [unknown, number, string?][] = [
      [{ ...rule, markup_percent: -1 }, 422],
      [{ ...rule, floor: -100 }, 422],
      [{ ...rule, ending: 100 }, 422],
      [{ ...rule, markup_percent: 10.001 }, 422],
      [{ ...rule, currency: 'EUR' }, 422],
      [{ ...rule, surprise: true }, 422],
      [{ ...rule, provider: 'nenhum' }, 422, 'UNKNOWN_PROVIDER'],
      [{ ...rule, service: 'zz' }, 422, 'UNKNOWN_SERVICE'],
      [{ ...rule, country: 'ZZ' }, 422, 'UNKNOWN_COUNTRY'],
      [{ ...rule, markup_percent: 1000 }, 200],
      [{ ...rule, markup_percent: 1000, floor: 999_999 }, 422, 'PRICE_OUT_OF_RANGE'],
    ];
    for (const [body, status, code] of bad) {
      for (const call of [preview, apply]) {
        if (status === 200 && call === apply) continue;
        const res = await call(body);
        expect({ body, status: res.statusCode }).toEqual({ body, status });
        if (code) expect(res.json().code).toBe(code);
        if (status !== 200) expect(res.json().detail).toEqual(expect.any(String));
      }
    }
    expect(await prices()).toEqual(before);
  });
});
