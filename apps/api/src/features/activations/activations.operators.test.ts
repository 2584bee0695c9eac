import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productId, topUp } from '../../test/activations-fixture.ts';
import {
  createClock,
  createTestApp,
  type SignedIn,
  signUpAndSignIn,
  TEST_ORIGIN,
} from '../../test/helpers.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';

/** Choosing the number's operator on the website: listed per product, honoured, or refused uncharged. */
describe('activations API: operator choice', async () => {
  const clock = createClock(new Date('2025-03-01T12:00:00Z'));
  const { app, database } = await createTestApp({ now: clock.now, env: { SIMULATOR_NO_SMS_RATE: '0' } });
  const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  async function customer(balance = 10_000): Promise<SignedIn> {
    const signed = await signUpAndSignIn(app);
    await topUp(database, ledger, signed.user.id, balance);
    return signed;
  }
  const buy = (who: SignedIn, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'idempotency-key': `key-${randomUUID()}` },
      payload: { product_id: wa.id, currency: 'BRL', ...body },
    });

  it("lists a product's operators publicly, cached, and none where the sellers name none", async () => {
    const res = await app.inject({ url: '/api/v1/catalog/operators?service=wa&country=br' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ service: 'wa', country: 'BR', operators: ['claro', 'oi', 'tim', 'vivo'] });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const again = await app.inject({
      url: '/api/v1/catalog/operators?service=wa&country=br',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A product the store does not sell: the sellers are not asked.
    const unsold = await app.inject({ url: '/api/v1/catalog/operators?service=zz&country=BR' });
    expect(unsold.json().operators).toEqual([]);
    const bad = await app.inject({ url: '/api/v1/catalog/operators?service=wa&country=Brasil' });
    expect(bad.statusCode).toBe(422);
  });

  it('buys with the chosen operator and shows it in the order', async () => {
    const buyer = await customer();
    const res = await buy(buyer, { operator: 'vivo' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ operator: 'vivo', status: 'waiting_sms' });
    const order = await app.inject({
      url: `/api/v1/activations/${res.json().id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(order.json().operator).toBe('vivo');
    const list = await app.inject({ url: '/api/v1/activations', headers: { cookie: buyer.cookie } });
    expect(list.json().items[0].operator).toBe('vivo');
    expect(await ledger.walletBalance(buyer.user.id, 'BRL')).toBe(10_000 - wa.price);
  });

  it('buys any operator without a choice or with "any", and records none', async () => {
    const buyer = await customer();
    for (const body of [{}, { operator: 'any' }]) {
      const res = await buy(buyer, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().operator).toBeNull();
    }
  });

  it('refuses an operator no seller has there, in plain words, charging nothing', async () => {
    const buyer = await customer();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: {
        origin: TEST_ORIGIN,
        cookie: buyer.cookie,
        'idempotency-key': `key-${randomUUID()}`,
        'accept-language': 'pt-BR',
      },
      payload: { product_id: wa.id, currency: 'BRL', operator: 'att' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OPERATOR_UNAVAILABLE' });
    expect(res.json().detail).toBe(
      'Não há números da operadora att para este serviço neste país. Nada foi cobrado: escolha outra operadora ou "Qualquer operadora".',
    );
    expect(await ledger.walletBalance(buyer.user.id, 'BRL')).toBe(10_000);
    const orders = await app.inject({ url: '/api/v1/activations', headers: { cookie: buyer.cookie } });
    expect(orders.json().total).toBe(0);
  });

  it('validates the operator name', async () => {
    const buyer = await customer();
    for (const operator of ['Vivo', 'vivo móvel', '', 'x'.repeat(33), 7]) {
      const res = await buy(buyer, { operator });
      expect(res.statusCode, String(operator)).toBe(422);
    }
    expect(await ledger.walletBalance(buyer.user.id, 'BRL')).toBe(10_000);
  });

  it('leaves the books balanced', async () => {
    expect(await ledger.verify()).toEqual([]);
  });
});
