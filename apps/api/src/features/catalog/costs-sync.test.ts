import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { createSimulatorProvider } from '../../providers/numbers/simulator.ts';
import { API_KEY, createFakeSeller } from '../../providers/numbers/sms-activate.fixture.ts';
import { startTestServer } from '../../providers/numbers/test-support.ts';
import { createTestApp, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { toCents } from './costs-sync.ts';

const RATES = { RUB: { BRL: 0.06, USD: 0.011 }, USD: { BRL: 5.4, USD: 1 } };

describe('toCents', () => {
  it('converts a seller price into store cents, rounding up only what is left after float noise', () => {
    expect(toCents({ amount: 2.5, currency: 'RUB' }, 'BRL', RATES)).toBe(15);
    expect(toCents({ amount: 2.5, currency: 'RUB' }, 'USD', RATES)).toBe(3);
    expect(toCents({ amount: 0.57, currency: 'USD' }, 'USD', RATES)).toBe(57);
    expect(toCents({ amount: 1, currency: 'EUR' }, 'USD', RATES)).toBeNull();
  });
});

describe('upstream costs synced from the sellers', async () => {
  // A handler_api.php seller on loopback (sms-activate's protocol): it prices WA and TG in Brazil only.
  const seller = createFakeSeller();
  const server = await startTestServer((req, res) => seller.handle(req, res));
  afterAll(() => server.close());
  const { app, database } = await createTestApp({
    env: {
      NUMBER_PROVIDERS: 'simulator,sms-activate',
      SMS_ACTIVATE_BASE_URL: server.baseUrl,
      SMS_ACTIVATE_API_KEY: API_KEY,
      UPSTREAM_RATES: JSON.stringify(RATES),
    },
  });
  const admin = await signInAsAdmin(app);
  const manager = await signUpAndSignIn(app, { role: 'MANAGER' });
  const customer = await signUpAndSignIn(app);
  const simulator = createSimulatorProvider({ minDelayMs: 0, maxDelayMs: 0, noSmsRate: 0 });

  const sync = (who = admin) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin/pricing/costs/sync',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie },
    });
  const costsOf = async (sku: string) =>
    Object.fromEntries(
      (
        await queryRows<{ provider: string; currency: string; cost: string }>(
          database.db,
          sql`SELECT c.provider, c.currency, c.cost FROM product_costs c JOIN products p ON p.id = c.product_id
              WHERE p.sku = ${sku}`,
        )
      ).map((r) => [`${r.provider}/${r.currency}`, Number(r.cost)]),
    );
  const costCount = async () =>
    Number((await queryRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM product_costs`))[0]!.n);

  it('refuses a MANAGER or a customer and changes nothing', async () => {
    expect((await sync(manager)).statusCode).toBe(403);
    expect((await sync(customer)).statusCode).toBe(403);
    expect(await costCount()).toBe(0);
  });

  it("writes each seller's price of every product it sells, in BRL and USD cents, audited", async () => {
    const res = await sync();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const byName = Object.fromEntries(body.providers.map((p: { provider: string }) => [p.provider, p]));
    expect(byName['sms-activate']).toMatchObject({ synced: 2, error: null });
    expect(byName.simulator.error).toBeNull();
    expect(byName.simulator.synced).toBeGreaterThan(10);

    const simPrice = (await simulator.getPrice!('wa', 'BR'))!;
    expect(await costsOf('WA-BR')).toEqual({
      'simulator/BRL': toCents(simPrice, 'BRL', RATES),
      'simulator/USD': Math.round(simPrice.amount * 100),
      'sms-activate/BRL': 15,
      'sms-activate/USD': 3,
    });
    expect(body.changed).toBe(await costCount());

    const [audit] = await queryRows<{ after: { costs: Record<string, number> }; actor_email: string }>(
      database.db,
      sql`SELECT after, actor_email FROM audit_logs WHERE action = 'SYNC_COSTS'`,
    );
    expect(audit!.actor_email).toBe(admin.user.email);
    expect(Object.keys(audit!.after.costs)).toHaveLength(body.changed);
  });

  it('changes nothing on a second sync, and keeps the costs of a seller that fails', async () => {
    expect((await sync()).json().changed).toBe(0);
    seller.force('getPrices', 'BAD_KEY');
    const before = await costsOf('WA-BR');
    const res = (await sync()).json();
    const failed = res.providers.find((p: { provider: string }) => p.provider === 'sms-activate');
    expect(failed.error).toBeTruthy();
    expect(res.changed).toBe(0);
    expect(await costsOf('WA-BR')).toEqual(before);
  });

  it('skips a seller staff switched off', async () => {
    seller.force('getPrices', JSON.stringify({ 73: { wa: { cost: '9.00', count: '5' } } }));
    const off = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/sms/providers',
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { order: ['simulator', 'sms-activate'], disabled: ['sms-activate'] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = (await sync()).json();
    expect(res.providers.map((p: { provider: string }) => p.provider)).toEqual(['simulator']);
    expect((await costsOf('WA-BR'))['sms-activate/BRL']).toBe(15);
  });

  it('runs as a periodic task', async () => {
    await database.db.execute(sql`DELETE FROM product_costs WHERE provider = 'simulator'`);
    await database.db.execute(sql`DELETE FROM settings WHERE key = 'jobs.catalog.costs_sync'`);
    await app.scheduler.runOnce();
    expect((await costsOf('WA-BR'))['simulator/USD']).toBeGreaterThan(0);
  });
});
