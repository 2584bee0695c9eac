import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knownDevices, users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql.ts';
import { productId } from '../../test/activations-fixture.ts';
import { signIn, signInAsAdmin, signUpAndSignIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';
import { ADMIN } from '../../test/test-database.ts';
import { topUpTestBed } from '../../test/topup-fixture.ts';

describe('LGPD: my data and deleting my account', async () => {
  const { app, database, probe, clock } = await topUpTestBed();
  const wa = await productId(database, 'WA-BR');
  await database.db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  /** A customer who topped up R$ 50,00 by PIX and bought one number. */
  async function customerWithHistory() {
    const signed = await signUpAndSignIn(app);
    const intent = await probe.createIntent(signed.cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    const paid = await probe.webhook(probe.event(await probe.providerRef(intent.id), 'paid', 5000));
    expect(paid.statusCode).toBe(200);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/v1/activations',
      headers: { origin: TEST_ORIGIN, cookie: signed.cookie, 'idempotency-key': randomUUID() },
      payload: { product_id: wa.id, currency: 'BRL' },
    });
    expect(bought.statusCode).toBe(201);
    return { ...signed, intentId: intent.id, orderId: bought.json().id as string };
  }

  it('downloads everything about me as JSON: profile, orders, top-ups, transactions, keys without secrets', async () => {
    const me = await customerWithHistory();
    const key = await probe.post('/api/v1/api-keys', me.cookie, { name: 'bot' });
    expect(key.statusCode).toBe(201);
    const favourite = await app.inject({
      method: 'PUT',
      url: '/api/v1/catalog/favourites/tg',
      headers: { origin: TEST_ORIGIN, cookie: me.cookie },
    });
    expect(favourite.statusCode).toBe(204);
    const res = await probe.get('/api/v1/users/me/export', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile.email).toBe(me.user.email);
    expect(data.orders.map((o: { id: string }) => o.id)).toContain(me.orderId);
    expect(data.top_ups).toEqual([
      expect.objectContaining({ id: me.intentId, amount: 5000, status: 'paid' }),
    ]);
    expect(data.transactions.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining(['topup', 'purchase']),
    );
    expect(data.wallets).toEqual([
      {
        currency: 'BRL',
        balance: 5000 - wa.price,
        balance_cents: 5000 - wa.price,
        balance_formatted: expect.stringMatching(/^R\$ \d+,\d\d$/),
      },
    ]);
    expect(data.api_keys).toEqual([expect.objectContaining({ name: 'bot' })]);
    expect(data.favourite_services).toEqual([{ service_code: 'tg', created_at: expect.any(String) }]);
    // The browser it signed in from, by its user agent, never by its device cookie.
    expect(data.sign_in_devices).toEqual([
      { user_agent: 'lightMyRequest', first_seen_at: expect.any(String), last_seen_at: expect.any(String) },
    ]);
    expect(res.body).not.toContain(key.json().key);
    expect(res.body).not.toContain('password');
    expect(data.audit.map((a: { action: string }) => a.action)).toContain('REGISTER');
  });

  it('states its units and says in words what each code meant, in the reader language', async () => {
    const me = await customerWithHistory();
    const read = async (lang: string) =>
      (
        await app.inject({
          url: '/api/v1/users/me/export',
          headers: { cookie: me.cookie, 'accept-language': lang },
        })
      ).json();
    const pt = await read('pt-BR');
    expect(pt.units).toEqual({ language: 'pt', money: expect.stringContaining('centavos') });
    expect(pt.top_ups[0]).toMatchObject({
      amount: 5000,
      amount_cents: 5000,
      amount_formatted: 'R$ 50,00',
      currency: 'BRL',
      status: 'paid',
      status_text: 'Pago',
    });
    const purchase = pt.transactions.find((t: { kind: string }) => t.kind === 'purchase');
    expect(purchase).toMatchObject({
      amount_cents: wa.price,
      what: 'Compra de número: valor reservado do saldo',
    });
    expect(pt.orders[0]).toMatchObject({ price: wa.price, price_cents: wa.price, currency: 'BRL' });
    expect(pt.orders[0].status_text).not.toBe(pt.orders[0].status);
    expect(pt.audit.find((a: { action: string }) => a.action === 'REGISTER').what).toBe('Conta criada');
    const en = await read('en');
    expect(en.units.language).toBe('en');
    expect(en.transactions.find((t: { kind: string }) => t.kind === 'topup').what).toBe('Balance top-up');
  });

  it('shows the remaining balance, then deletes: signed out everywhere, identity gone, ledger balanced', async () => {
    const me = await customerWithHistory();
    const other = await signIn(app, me.user.email, TEST_PASSWORD);
    const preview = await probe.get('/api/v1/users/me/deletion', me.cookie);
    expect(preview.json()).toEqual({
      balances: [{ currency: 'BRL', amount: 5000 - wa.price }],
      open_orders: expect.any(Number),
    });

    const wrong = await probe.post('/api/v1/users/me/delete', me.cookie, {
      confirm_email: 'other@numero.test',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('DELETE_CONFIRMATION_MISMATCH');

    const done = await probe.post('/api/v1/users/me/delete', me.cookie, {
      confirm_email: me.user.email.toUpperCase(),
    });
    expect(done.statusCode).toBe(204);
    for (const cookie of [me.cookie, other.cookie])
      expect((await probe.get('/api/v1/users/me', cookie)).statusCode).toBe(401);
    // Nothing in the audit log names them any more (checked before the sign-in below logs its attempt).
    const named = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM audit_logs WHERE lower(actor_email) = lower(${me.user.email})`,
    );
    expect(Number(named[0]?.n)).toBe(0);
    const payer = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM sandbox_charges WHERE lower(payer_email) = lower(${me.user.email})`,
    );
    expect(Number(payer[0]?.n)).toBe(0);
    await expect(signIn(app, me.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    const [row] = await database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.email).toBe(`deleted-${me.user.id}@deleted.invalid`);
    expect(row?.fullName).toBeNull();
    expect(row?.passwordHash).toBeNull();
    expect(await database.db.select().from(knownDevices).where(eq(knownDevices.userId, me.user.id))).toEqual(
      [],
    );
    // The ledger keeps the amounts under the anonymous id.
    expect(await probe.ledger.walletBalance(me.user.id, 'BRL')).toBe(5000 - wa.price);
    expect(await probe.ledger.verify()).toEqual([]);
  });

  it('lists my rentals and every SMS I was shown; a deleted account keeps its rentals as its orders', async () => {
    const me = await customerWithHistory();
    const rented = await app.inject({
      method: 'POST',
      url: '/api/v1/rentals',
      headers: { origin: TEST_ORIGIN, cookie: me.cookie, 'idempotency-key': randomUUID() },
      payload: { product_id: wa.id, currency: 'BRL', hours: 4 },
    });
    expect(rented.statusCode).toBe(201);
    const rental = rented.json() as { id: string; total_paid: number; phone_number: string };
    // The seller's SMS come in: the activation's code and the rental's first messages.
    clock.advance(5 * 60_000);
    await app.scheduler.runOnce();
    const detail = (await probe.get(`/api/v1/rentals/${rental.id}`, me.cookie)).json();
    expect(detail.messages.length).toBeGreaterThan(0);

    const data = (await probe.get('/api/v1/users/me/export', me.cookie)).json();
    expect(data.rentals).toEqual([
      expect.objectContaining({
        id: rental.id,
        service: 'wa',
        country: 'BR',
        hours: 4,
        phone_number: rental.phone_number,
        price: rental.total_paid,
        price_formatted: expect.stringMatching(/^R\$ \d+,\d\d$/),
        status: 'active',
        status_text: 'Ativa',
        // The same ISO dates from PGlite and PostgreSQL, as every other row of the file.
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      }),
    ]);
    const rentalSms = data.sms_received.filter((m: { rental_id?: string }) => m.rental_id === rental.id);
    expect(rentalSms.map((m: { text: string }) => m.text).sort()).toEqual(
      detail.messages.map((m: { text: string }) => m.text).sort(),
    );
    const order = data.orders.find((o: { id: string }) => o.id === me.orderId);
    expect(data.sms_received).toContainEqual(
      expect.objectContaining({ order_id: me.orderId, code: order.code, received_at: expect.any(String) }),
    );
    expect(data.audit.map((a: { action: string }) => a.action)).toContain('RENT_NUMBER');

    // The running rental counts as an open order before the deletion, and stays, anonymous, after it.
    expect((await probe.get('/api/v1/users/me/deletion', me.cookie)).json().open_orders).toBe(1);
    const done = await probe.post('/api/v1/users/me/delete', me.cookie, { confirm_email: me.user.email });
    expect(done.statusCode).toBe(204);
    const admin = await signInAsAdmin(app);
    const staff = (await probe.get(`/api/v1/admin/rentals?user_id=${me.user.id}`, admin.cookie)).json();
    expect(staff.items).toEqual([
      expect.objectContaining({ id: rental.id, user_email: `deleted-${me.user.id}@deleted.invalid` }),
    ]);
    expect(await probe.ledger.verify()).toEqual([]);
  });

  it('does not let staff delete themselves here, and answers bad input with a 4xx', async () => {
    const admin = await signInAsAdmin(app);
    const staff = await probe.post('/api/v1/users/me/delete', admin.cookie, { confirm_email: ADMIN.email });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('STAFF_ACCOUNT_NOT_DELETABLE');
    const { cookie } = await signUpAndSignIn(app);
    for (const payload of [{}, { confirm_email: 'nope' }, { confirm_email: 'a@b.co', extra: 1 }]) {
      const res = await probe.post('/api/v1/users/me/delete', cookie, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await probe.get('/api/v1/users/me/export')).statusCode).toBe(401);
    expect(
      (await probe.post('/api/v1/users/me/delete', undefined, { confirm_email: 'a@b.co' })).statusCode,
    ).toBe(401);
  });
});
