import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, signUpAndSignIn } from '../../test/helpers.ts';
import { INJECT_ENV, paymentsProbe } from '../../test/wallet-fixture.ts';
import { formatMoney } from './wallet.service.ts';

const { app, database } = await createTestApp({ env: INJECT_ENV });
const probe = paymentsProbe(app, database);

afterAll(async () => {
  expect(await probe.ledger.verify()).toEqual([]);
});

/** Tops up through the real path: an intent, then the signed webhook the sandbox would send. */
async function topUp(cookie: string, amount: number, currency: 'BRL' | 'USD', method = 'card') {
  const intent = await probe.createIntent(cookie, { amount, currency, method });
  const res = await probe.webhook(probe.event(await probe.providerRef(intent.id), 'paid', amount, currency));
  expect(res.statusCode).toBe(200);
  return intent;
}

describe('money formatting', () => {
  it('reads reais the Brazilian way and dollars the American way', () => {
    expect(formatMoney(5000, 'BRL')).toBe('R$ 50,00');
    expect(formatMoney(500_000, 'BRL')).toBe('R$ 5.000,00');
    expect(formatMoney(5000, 'USD')).toBe('$50.00');
    expect(formatMoney(100_000, 'USD')).toBe('$1,000.00');
    expect(formatMoney(0, 'BRL')).toBe('R$ 0,00');
  });
});

describe('balances', () => {
  it('start at zero in both currencies and need a session', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const brl = await probe.get('/api/v1/wallets/BRL/balance', cookie);
    expect(brl.statusCode).toBe(200);
    expect(brl.headers['cache-control']).toBe('no-store');
    expect(brl.json()).toEqual({ balance: 0, currency: 'BRL', formatted: 'R$ 0,00' });
    expect((await probe.get('/api/v1/wallets/usd/balance', cookie)).json()).toEqual({
      balance: 0,
      currency: 'USD',
      formatted: '$0.00',
    });
    expect((await probe.get('/api/v1/wallets/BRL/balance')).statusCode).toBe(401);
    const eur = await probe.get('/api/v1/wallets/EUR/balance', cookie);
    expect(eur.statusCode).toBe(422);
    expect(eur.json().code).toBe('VALIDATION_ERROR');
  });

  it('show each customer their own money only, per currency', async () => {
    const ana = await signUpAndSignIn(app);
    const bia = await signUpAndSignIn(app);
    await topUp(ana.cookie, 5000, 'BRL', 'pix');
    await topUp(ana.cookie, 1000, 'USD');
    expect((await probe.get('/api/v1/wallets/BRL/balance', ana.cookie)).json()).toEqual({
      balance: 5000,
      currency: 'BRL',
      formatted: 'R$ 50,00',
    });
    expect((await probe.get('/api/v1/wallets/USD/balance', ana.cookie)).json().formatted).toBe('$10.00');
    expect((await probe.get('/api/v1/wallets/BRL/balance', bia.cookie)).json().balance).toBe(0);

    for (const url of ['/api/v1/wallets/', '/api/v1/wallets']) {
      const list = await probe.get(url, bia.cookie);
      expect(list.json()).toEqual([
        { balance: 0, currency: 'BRL', formatted: 'R$ 0,00' },
        { balance: 0, currency: 'USD', formatted: '$0.00' },
      ]);
      expect(list.headers['x-total-count']).toBe('2');
    }
    const mine = asList(await probe.get('/api/v1/wallets/', ana.cookie));
    expect(mine.items.map((w: { balance: number }) => w.balance)).toEqual([5000, 1000]);
    expect((await probe.get('/api/v1/wallets/')).statusCode).toBe(401);
  });
});

/** The list calls answer with an array; the total is in X-Total-Count. */
function asList(res: { json(): unknown; headers: Record<string, unknown> }) {
  // biome-ignore lint/suspicious/noExplicitAny: test rows are read field by field
  return { items: res.json() as any[], total: Number(res.headers['x-total-count']) };
}

describe('transactions', () => {
  it('list newest first, paginated, per currency or all, in the caller’s language', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const first = await topUp(cookie, 2000, 'BRL', 'pix');
    await topUp(cookie, 3000, 'BRL', 'boleto');
    await topUp(cookie, 1500, 'USD');
    await topUp(cookie, 4000, 'BRL', 'card');

    const all = asList(await probe.get('/api/v1/wallets/transactions/all', cookie));
    expect(all.total).toBe(4);
    expect(all.items.map((t: { amount: number }) => t.amount)).toEqual([4000, 1500, 3000, 2000]);
    expect(all.items[3]).toEqual({
      id: expect.any(Number),
      kind: 'topup',
      amount: 2000,
      balance_after: 2000,
      currency: 'BRL',
      description: 'Recarga via PIX',
      reference: `payment:${first.id}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.items[0]).toMatchObject({ balance_after: 9000, description: 'Recarga via cartão' });

    const page = asList(await probe.get('/api/v1/wallets/transactions/all?skip=1&limit=2', cookie));
    expect(page.total).toBe(4);
    expect(page.items.map((t: { amount: number }) => t.amount)).toEqual([1500, 3000]);

    const usd = asList(await probe.get('/api/v1/wallets/transactions/all?currency=USD', cookie));
    expect(usd.total).toBe(1);
    const brl = asList(await probe.get('/api/v1/wallets/BRL/transactions?limit=2', cookie));
    expect(brl.total).toBe(3);
    expect(brl.items.map((t: { currency: string }) => t.currency)).toEqual(['BRL', 'BRL']);

    const screen = await app.inject({
      url: '/api/v1/wallets/transactions/all?currency=BRL&limit=1&skip=2',
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(screen.json()[0].description).toBe('Top-up via PIX');

    await database.db.update(users).set({ preferredLanguage: 'en-US' }).where(eq(users.id, user.id));
    const english = asList(await probe.get('/api/v1/wallets/USD/transactions', cookie));
    expect(english.items[0].description).toBe('Top-up via card');

    const other = await signUpAndSignIn(app);
    expect(asList(await probe.get('/api/v1/wallets/transactions/all', other.cookie))).toEqual({
      items: [],
      total: 0,
    });
  });

  it('refuses bad paging and needs a session', async () => {
    const { cookie } = await signUpAndSignIn(app);
    for (const q of ['limit=0', 'limit=101', 'skip=-1', 'limit=abc', 'currency=EUR']) {
      const res = await probe.get(`/api/v1/wallets/transactions/all?${q}`, cookie);
      expect(res.statusCode, q).toBe(422);
    }
    expect((await probe.get('/api/v1/wallets/transactions/all')).statusCode).toBe(401);
    expect((await probe.get('/api/v1/wallets/BRL/transactions')).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the wallet and payment routes', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/wallets/{currency}/balance',
        '/api/v1/wallets/transactions/all',
        '/api/v1/wallets/payments/create-intent',
        '/api/v1/wallets/payments/intent/{id}/confirm',
        '/api/v1/wallets/checkout/create-session',
        '/api/v1/payments/webhooks/{provider}',
      ]),
    );
  });
});
