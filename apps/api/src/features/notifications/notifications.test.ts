import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knownDevices, mailOutbox, users } from '../../db/schema/index.ts';
import { productId } from '../../test/activations-fixture.ts';
import { signUpAndSignIn, TEST_ORIGIN, TEST_PASSWORD } from '../../test/helpers.ts';
import { topUpTestBed } from '../../test/topup-fixture.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

describe('e-mail notifications and their settings', async () => {
  const { app, database, probe } = await topUpTestBed();
  const { db } = database;
  const wa = await productId(database, 'WA-BR');
  await db.execute(sql`UPDATE products SET stock = 100000 WHERE id = ${wa.id}`);

  const mails = (email: string, template: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));
  const setNotifications = (cookie: string, payload: unknown, contentType = 'application/json') =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/notifications',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': contentType },
      payload: JSON.stringify(payload),
    });
  /** A sign-in from a browser: with the device cookie it holds (if any); returns the one it gets. */
  async function signInFrom(
    email: string,
    browser: { userAgent: string; device?: string; ip?: string },
    password = TEST_PASSWORD,
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': browser.userAgent,
        ...(browser.device ? { cookie: `numero_device=${browser.device}` } : {}),
      },
      remoteAddress: browser.ip ?? '198.51.100.7',
      payload: new URLSearchParams({ username: email, password }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const device = res.cookies.find((c) => c.name === 'numero_device');
    const session = res.cookies.find((c) => c.name === 'numero_session')!;
    return { device: device?.value, cookie: `numero_session=${session.value}`, deviceCookie: device };
  }

  it('has every notification on by default, changes one at a time, and refuses bad input with 4xx', async () => {
    const me = await signUpAndSignIn(app);
    const read = await probe.get('/api/v1/users/me/notifications', me.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      topup_credited: true,
      activation_refunded: true,
      password_changed: true,
      new_sign_in: true,
    });
    const changed = await setNotifications(me.cookie, { topup_credited: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ topup_credited: false, new_sign_in: true });
    const again = await setNotifications(me.cookie, { new_sign_in: false });
    expect(again.json()).toMatchObject({ topup_credited: false, new_sign_in: false, password_changed: true });
    expect((await probe.get('/api/v1/users/me/notifications', me.cookie)).json()).toEqual(again.json());

    for (const bad of [{}, { marketing: true }, { topup_credited: 'yes' }]) {
      const res = await setNotifications(me.cookie, bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBeTruthy();
    }
    expect((await setNotifications(me.cookie, 'not json', 'text/plain')).statusCode).toBe(415);
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/users/me/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells the user of a sign-in from a browser never seen for them, unless they turned it off', async () => {
    const me = await signUpAndSignIn(app);
    const email = me.user.email;
    // signUpAndSignIn signed in from a first browser: that one is not news.
    expect(await mails(email, 'new_sign_in')).toHaveLength(0);
    const laptop = await signInFrom(email, { userAgent: FIREFOX });
    expect(laptop.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(laptop.deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const [notice] = await mails(email, 'new_sign_in');
    expect(notice?.subject).toBe('Novo acesso à sua conta — Numero');
    expect(notice?.textBody).toContain('Navegador: Firefox / Linux. Endereço: 198.51.100.7.');
    expect(notice?.textBody).toContain('/forgot-password');

    // The same browser again, with its cookie: nothing new.
    const back = await signInFrom(email, { userAgent: FIREFOX, device: laptop.device });
    expect(back.device).toBe(laptop.device);
    expect(await mails(email, 'new_sign_in')).toHaveLength(1);
    // Only hashes of the cookies are stored.
    const stored = await db.select().from(knownDevices).where(eq(knownDevices.userId, me.user.id));
    expect(stored).toHaveLength(2);
    expect(stored.some((d) => d.deviceHash === laptop.device)).toBe(false);

    // A malformed cookie is a new browser, given a proper cookie.
    const forged = await signInFrom(email, { userAgent: SAFARI_IPHONE, device: 'x' });
    expect(forged.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mails(email, 'new_sign_in')).toHaveLength(2);

    expect((await setNotifications(laptop.cookie, { new_sign_in: false })).statusCode).toBe(200);
    await signInFrom(email, { userAgent: SAFARI_IPHONE });
    expect(await mails(email, 'new_sign_in')).toHaveLength(2);
  });

  it('writes the notice in the language of the account', async () => {
    const me = await signUpAndSignIn(app);
    await db.update(users).set({ preferredLanguage: 'en-US' }).where(eq(users.id, me.user.id));
    await signInFrom(me.user.email, { userAgent: SAFARI_IPHONE, ip: '203.0.113.9' });
    const [notice] = await mails(me.user.email, 'new_sign_in');
    expect(notice?.subject).toBe('New sign-in to your account — Numero');
    expect(notice?.textBody).toContain('Browser: Safari / iOS. Address: 203.0.113.9.');
    expect(notice?.textBody).toContain('You can turn this notice off on your profile');
  });

  it('mails a password change while signed in, unless the user turned it off', async () => {
    const me = await signUpAndSignIn(app);
    const change = (current: string, next: string) =>
      probe.post('/api/v1/auth/password/change', me.cookie, {
        current_password: current,
        new_password: next,
      });
    expect((await change(TEST_PASSWORD, 'uma-senha-nova-e-longa-1')).statusCode).toBe(204);
    const [notice] = await mails(me.user.email, 'password_changed');
    expect(notice?.textBody).toContain('as outras sessões abertas foram encerradas');

    expect((await setNotifications(me.cookie, { password_changed: false })).statusCode).toBe(200);
    expect((await change('uma-senha-nova-e-longa-1', 'outra-senha-nova-longa-2')).statusCode).toBe(204);
    expect(await mails(me.user.email, 'password_changed')).toHaveLength(1);
  });

  it('mails a credited top-up and a refunded order once each, with the amount, as the user chose', async () => {
    const me = await signUpAndSignIn(app);
    const intent = await probe.createIntent(me.cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    const event = probe.event(await probe.providerRef(intent.id), 'paid', 5000);
    expect((await probe.webhook(event)).statusCode).toBe(200);
    // The provider tells us twice: the money moves, and the user hears of it, once.
    expect((await probe.webhook(event)).statusCode).toBe(200);
    const topups = await mails(me.user.email, 'topup_credited');
    expect(topups).toHaveLength(1);
    expect(topups[0]?.subject).toMatch(/^Saldo adicionado: R\$\s50,00 — Numero$/);

    const buy = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/activations',
        headers: { origin: TEST_ORIGIN, cookie: me.cookie, 'idempotency-key': randomUUID() },
        payload: { product_id: wa.id, currency: 'BRL' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const cancel = (id: string) => probe.post(`/api/v1/activations/${id}/cancel`, me.cookie, {});
    expect((await cancel(await buy())).statusCode).toBe(200);
    const refunds = await mails(me.user.email, 'activation_refunded');
    expect(refunds).toHaveLength(1);
    const price = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
      wa.price / 100,
    );
    expect(refunds[0]?.textBody).toContain(`${price} voltaram ao seu saldo`);

    expect((await setNotifications(me.cookie, { activation_refunded: false })).statusCode).toBe(200);
    expect((await cancel(await buy())).statusCode).toBe(200);
    expect(await mails(me.user.email, 'activation_refunded')).toHaveLength(1);
  });
});
