import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { createSimulatorProvider } from '../../providers/numbers/simulator.ts';
import { productId } from '../../test/activations-fixture.ts';
import { signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { createStaffFixture } from '../../test/staff-fixture.ts';
import { toCents } from './costs-sync.ts';
import { ruledPrice } from './staff-pricing.ts';

describe('saved pricing rules', async () => {
  const { app, database, admin, get, send } = await createStaffFixture();
  const wa = await productId(database, 'WA-BR');
  const tg = await productId(database, 'TG-BR');
  const manager = await signUpAndSignIn(app, { role: 'MANAGER' });

  const call = (method: 'PUT' | 'DELETE', url: string, body?: unknown, who = admin) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const create = (rule: unknown, who = admin) => send('POST', '/api/v1/admin/pricing/rules', rule, who);
  const applySaved = (who = admin) => send('POST', '/api/v1/admin/pricing/rules/apply', undefined, who);
  const listed = async () => (await get('/api/v1/admin/pricing/rules', manager)).json().rules;
  const priceOf = async (sku: string) =>
    Number(
      (
        await queryRows<{ p: string }>(
          database.db,
          sql`SELECT price_brl AS p FROM products WHERE sku = ${sku}`,
        )
      )[0]!.p,
    );
  const audits = (action: string) =>
    queryRows<{ before: unknown; after: unknown }>(
      database.db,
      sql`SELECT before, after FROM audit_logs WHERE action = ${action} ORDER BY id`,
    );

  await call('PUT', `/api/v1/admin/products/${wa.id}/costs`, {
    costs: [{ provider: 'simulator', currency: 'BRL', cost: 1000 }],
  });
  await call('PUT', `/api/v1/admin/products/${tg.id}/costs`, {
    costs: [{ provider: 'simulator', currency: 'BRL', cost: 500 }],
  });

  it('refuses bad rules and a MANAGER with a clear 4xx, saving nothing', async () => {
    const base = { currency: 'BRL', markup_percent: 40 };
    expect((await create({ ...base, markup_percent: -1 })).statusCode).toBe(422);
    expect((await create({ ...base, floor: -5 })).statusCode).toBe(422);
    const unknown = await create({ ...base, provider: 'nobody' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('UNKNOWN_PROVIDER');
    expect((await create(base, manager)).statusCode).toBe(403);
    expect((await applySaved(manager)).statusCode).toBe(403);
    expect(await listed()).toEqual([]);
    expect(await audits('CREATE_PRICING_RULE')).toEqual([]);
  });

  it('saves rules in order, which staff can read and which change no price until applied', async () => {
    const before = await priceOf('WA-BR');
    const first = await create({
      currency: 'BRL',
      markup_percent: 50,
      ending: 90,
      service: 'wa',
      country: 'br',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await create({
      currency: 'BRL',
      markup_percent: 20,
      country: 'BR',
      provider: 'simulator',
    });
    expect(second.statusCode).toBe(201);
    const rules = await listed();
    expect(rules.map((r: { position: number; country: string }) => [r.position, r.country])).toEqual([
      [0, 'BR'],
      [1, 'BR'],
    ]);
    expect(rules[0].created_by).toBe(admin.user.email);
    expect(await priceOf('WA-BR')).toBe(before);
    expect(await audits('CREATE_PRICING_RULE')).toHaveLength(2);
  });

  it('applies the saved rules in order: a later rule wins on the products both reach', async () => {
    const res = await applySaved();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toHaveLength(2);
    expect(await priceOf('WA-BR')).toBe(ruledPrice({ markup_percent: 20 }, 1000));
    expect(await priceOf('TG-BR')).toBe(ruledPrice({ markup_percent: 20 }, 500));
  });

  it('leaves a price staff pinned alone, and reprices it once unpinned', async () => {
    const pin = (on: boolean) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${tg.id}`,
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
        payload: { price_brl: 4_990, price_pinned: on },
      });
    const pinned = await pin(true);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ price_brl: 4_990, price_pinned: true });
    expect((await applySaved()).statusCode).toBe(200);
    expect(await priceOf('TG-BR')).toBe(4_990);
    expect(await priceOf('WA-BR')).toBe(ruledPrice({ markup_percent: 20 }, 1000));
    const [audit] = (await audits('UPDATE')).slice(-1) as { after: Record<string, unknown> }[];
    expect(audit!.after).toMatchObject({ sku: 'TG-BR', price_brl: 4_990, price_pinned: true });

    expect((await pin(false)).json().price_pinned).toBe(false);
    await applySaved();
    expect(await priceOf('TG-BR')).toBe(ruledPrice({ markup_percent: 20 }, 500));
  });

  it('edits and deletes a rule, audited with before and after', async () => {
    const [first, second] = await listed();
    const moved = await call('PUT', `/api/v1/admin/pricing/rules/${first.id}`, {
      currency: 'BRL',
      markup_percent: 50,
      ending: 90,
      service: 'wa',
      position: 5,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [update] = await audits('UPDATE_PRICING_RULE');
    expect(update).toMatchObject({
      before: { rule: { position: 0, country: 'BR' } },
      after: { rule: { position: 5, service: 'wa' } },
    });
    await applySaved();
    expect(await priceOf('WA-BR')).toBe(ruledPrice({ markup_percent: 50, ending: 90 }, 1000));

    expect(
      (await call('DELETE', `/api/v1/admin/pricing/rules/${second.id}`, undefined, manager)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/v1/admin/pricing/rules/${second.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/admin/pricing/rules/${second.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/v1/admin/pricing/rules/${second.id}`, { currency: 'BRL', markup_percent: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await audits('DELETE_PRICING_RULE')).toMatchObject([
      { before: { rule: { id: second.id } }, after: null },
    ]);
    expect((await listed()).map((r: { id: number }) => r.id)).toEqual([first.id]);
  });

  it('applies the rules marked auto-apply after a cost sync, and only those', async () => {
    for (const r of await listed()) await call('DELETE', `/api/v1/admin/pricing/rules/${r.id}`);
    const tgBefore = await priceOf('TG-BR');
    await create({ currency: 'BRL', markup_percent: 100, service: 'tg', country: 'BR', floor: 99_000 });
    const auto = await create({
      currency: 'BRL',
      markup_percent: 30,
      provider: 'simulator',
      service: 'wa',
      country: 'BR',
      auto_apply: true,
    });
    expect(auto.json().auto_apply).toBe(true);
    expect((await send('POST', '/api/v1/admin/pricing/costs/sync')).statusCode).toBe(200);
    const simulator = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });
    const cost = toCents((await simulator.getPrice!('wa', 'BR'))!, 'BRL', {
      USD: { BRL: 5.4, USD: 1 },
    })!;
    expect(await priceOf('WA-BR')).toBe(ruledPrice({ markup_percent: 30 }, cost));
    expect(await priceOf('TG-BR')).toBe(tgBefore);
  });
});
