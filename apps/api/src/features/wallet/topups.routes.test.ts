import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, webhookEvents } from '../../db/schema/index.ts';
import { validateDigitableLine } from '../../providers/payments/boleto.ts';
import { parseBrCode } from '../../providers/payments/br-code.ts';
import { signUpAndSignIn, TEST_ORIGIN } from '../../test/helpers.ts';
import { topUpTestBed } from '../../test/topup-fixture.ts';
import { WEBHOOK_SECRET } from '../../test/wallet-fixture.ts';

const { clock, app, database, probe } = await topUpTestBed();

describe('creating a payment intent', () => {
  it('PIX: a valid BR Code for the exact amount, a QR image and an expiry 30 minutes out', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
    expect(intent).toMatchObject({
      status: 'pending',
      method: 'pix',
      amount: 5000,
      currency: 'BRL',
      credited: false,
      sandbox: true,
      remaining_seconds: 30 * 60,
    });
    const code = parseBrCode(intent.pix!.copy_paste);
    expect(code).toMatchObject({
      amount: 5000,
      merchantName: 'Numero',
      merchantCity: 'Sao Paulo',
      oneTime: true,
    });
    expect(intent.pix!.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(new Date(intent.expires_at!).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    expect(intent.boleto).toBeUndefined();
  });

  it('boleto: a valid digitable line for the exact amount and a printable page', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, { amount: 12_345, currency: 'BRL', method: 'boleto' });
    const line = validateDigitableLine(intent.boleto!.digitable_line);
    expect(line).toMatchObject({ valid: true, amount: 12_345 });
    expect(intent.boleto!.url).toMatch(/^http:\/\/127\.0\.0\.1:9\/sandbox\/checkout\/[A-Za-z0-9]+$/);
    expect(intent.expires_at).not.toBeNull();
  });

  it('card: in reais and in dollars, with a client secret and no PIX or boleto', async () => {
    const { cookie } = await signUpAndSignIn(app);
    for (const currency of ['BRL', 'USD']) {
      const intent = await probe.createIntent(cookie, { amount: 2000, currency, method: 'card' });
      expect(intent).toMatchObject({ method: 'card', currency, status: 'pending' });
      expect(intent.card?.client_secret).toMatch(/_secret_/);
      expect(intent.pix).toBeUndefined();
    }
  });

  it('refuses PIX and boleto in dollars with a sentence saying why', async () => {
    const { cookie } = await signUpAndSignIn(app);
    for (const method of ['pix', 'boleto']) {
      const res = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
        amount: 2000,
        currency: 'USD',
        method,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'METHOD_CURRENCY_MISMATCH',
        detail: 'PIX e boleto só estão disponíveis em reais (BRL). Para dólares, use cartão.',
      });
    }
  });

  it('refuses bad amounts and bad input with a clear detail, never a 500, and moves no money', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ amount: 0, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_TOO_LOW', 'O valor mínimo é R$ 5,00.'],
      [{ amount: -5000, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_TOO_LOW', 'O valor mínimo é R$ 5,00.'],
      [{ amount: 499, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_TOO_LOW'],
      [
        { amount: 500_001, currency: 'BRL', method: 'card' },
        422,
        'AMOUNT_TOO_HIGH',
        'O valor máximo é R$ 5.000,00.',
      ],
      [{ amount: 99, currency: 'USD', method: 'card' }, 422, 'AMOUNT_TOO_LOW', 'O valor mínimo é $1.00.'],
      [
        { amount: 100_001, currency: 'USD', method: 'card' },
        422,
        'AMOUNT_TOO_HIGH',
        'O valor máximo é $1,000.00.',
      ],
      [{ amount: 50.5, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_NOT_CENTS'],
      [{ amount: 5000.001, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_NOT_CENTS'],
      [{ amount: 1e300, currency: 'BRL', method: 'pix' }, 422, 'AMOUNT_TOO_HIGH'],
      [{ amount: Number.MAX_SAFE_INTEGER + 2, currency: 'BRL', method: 'card' }, 422, 'AMOUNT_TOO_HIGH'],
      [{ amount: '5000', currency: 'BRL', method: 'pix' }, 422, 'VALIDATION_ERROR'],
      [{ amount: 'cinquenta', currency: 'BRL', method: 'pix' }, 422, 'VALIDATION_ERROR'],
      [{ amount: null, currency: 'BRL', method: 'pix' }, 422, 'VALIDATION_ERROR'],
      [{ currency: 'BRL', method: 'pix' }, 422, 'VALIDATION_ERROR'],
      [{ amount: 5000, currency: 'EUR', method: 'card' }, 422, 'VALIDATION_ERROR'],
      [{ amount: 5000, currency: 'brl', method: 'pix' }, 422, 'VALIDATION_ERROR'],
      [{ amount: 5000, currency: 'BRL', method: 'bitcoin' }, 422, 'VALIDATION_ERROR'],
      [{ amount: 5000, currency: 'BRL', method: 'pix', user_id: user.id }, 422, 'VALIDATION_ERROR'],
      [
        { amount: 5000, currency: 'BRL', method: 'boleto', payer: { name: 'Ana', tax_id: '111.111.111-11' } },
        422,
        'VALIDATION_ERROR',
      ],
    ];
    for (const [body, status, code, detail] of cases) {
      const res = await probe.post('/api/v1/wallets/payments/create-intent', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      expect(res.json().detail).toEqual(expect.any(String));
      if (detail) expect(res.json().detail).toBe(detail);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/wallets/payments/create-intent',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: '{"amount": 50',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('INVALID_JSON');
    expect(await probe.balance(user.id, 'BRL')).toBe(0);
    expect(await probe.balance(user.id, 'USD')).toBe(0);
  });

  it('answers in the caller’s language: English speakers read the limit in English', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    await database.db.update(users).set({ preferredLanguage: 'en-US' }).where(eq(users.id, user.id));
    const res = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
      amount: 50,
      currency: 'USD',
      method: 'card',
    });
    expect(res.json()).toEqual({ code: 'AMOUNT_TOO_LOW', detail: 'The minimum is $1.00.' });
  });

  it('takes a boleto payer with a valid CPF and never stores it', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const intent = await probe.createIntent(cookie, {
      amount: 5000,
      currency: 'BRL',
      method: 'boleto',
      payer: { name: 'Ana Souza', tax_id: '529.982.247-25' },
    });
    expect(JSON.stringify(await probe.row(intent.id))).not.toContain('52998224725');
  });

  it('needs a signed-in caller and an allowed Origin', async () => {
    const body = { amount: 5000, currency: 'BRL', method: 'pix' };
    const anonymous = await probe.post('/api/v1/wallets/payments/create-intent', undefined, body);
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await signUpAndSignIn(app);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/wallets/payments/create-intent',
      headers: { origin: 'https://evil.example', cookie },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('limits intents per user against automation: the 11th in 10 minutes gets 429 with Retry-After', async () => {
    const { cookie } = await signUpAndSignIn(app);
    for (let i = 0; i < 10; i++)
      await probe.createIntent(cookie, { amount: 500 + i, currency: 'BRL', method: 'pix' });
    const res = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
      amount: 5000,
      currency: 'BRL',
      method: 'pix',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOPUP_RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const session = await probe.post('/api/v1/wallets/checkout/create-session', cookie, {
      amount: 5000,
      currency: 'BRL',
    });
    expect(session.statusCode).toBe(429);
    // Another customer is not slowed down by this one.
    const other = await signUpAndSignIn(app);
    await probe.createIntent(other.cookie, { amount: 5000, currency: 'BRL', method: 'pix' });
  });
});

describe('webhooks credit exactly once', () => {
  async function pixIntent(amount = 5000) {
    const signedIn = await signUpAndSignIn(app);
    const intent = await probe.createIntent(signedIn.cookie, { amount, currency: 'BRL', method: 'pix' });
    return { ...signedIn, intent, ref: await probe.providerRef(intent.id) };
  }

  it('one webhook replayed 100 times credits once', async () => {
    const { user, intent, ref } = await pixIntent();
    const body = probe.event(ref, 'paid', 5000);
    const first = await probe.webhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    for (let i = 0; i < 99; i++) {
      const res = await probe.webhook(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await probe.balance(user.id)).toBe(5000);
    expect(await probe.credits(intent.id)).toBe(1);
    const events = await database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, JSON.parse(body).id));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).not.toBeNull();
  });

  it.each([
    ['failed, then paid', ['failed', 'paid']],
    ['paid, then failed', ['paid', 'failed']],
    ['paid, failed, paid, expired, cancelled', ['paid', 'failed', 'paid', 'expired', 'cancelled']],
    ['expired, paid, paid', ['expired', 'paid', 'paid']],
    ['failed, failed, paid, failed', ['failed', 'failed', 'paid', 'failed']],
  ] as const)(
    'events in any order (%s) credit once and a failure never reverses it',
    async (_name, statuses) => {
      const { user, cookie, intent, ref } = await pixIntent(7_000);
      for (const status of statuses) {
        const body = probe.event(ref, status, 7_000);
        expect((await probe.webhook(body)).statusCode).toBe(200);
        // Each distinct event may also arrive twice.
        expect((await probe.webhook(body)).statusCode).toBe(200);
      }
      expect(await probe.balance(user.id)).toBe(7_000);
      expect(await probe.credits(intent.id)).toBe(1);
      const view = await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie);
      expect(view.json()).toMatchObject({ status: 'paid', credited: true });
    },
  );

  it('a failure alone closes the payment without money; a paid event afterwards still credits once', async () => {
    const { user, cookie, intent, ref } = await pixIntent();
    await probe.webhook(probe.event(ref, 'failed', 5000));
    expect((await probe.get(`/api/v1/wallets/payments/${intent.id}`, cookie)).json()).toMatchObject({
      status: 'failed',
      credited: false,
    });
    expect(await probe.balance(user.id)).toBe(0);
  });

  it('an event whose amount or currency differs from ours credits nothing', async () => {
    const { user, intent, ref } = await pixIntent();
    expect((await probe.webhook(probe.event(ref, 'paid', 500_000))).statusCode).toBe(200);
    const other = await pixIntent();
    expect((await probe.webhook(probe.event(other.ref, 'paid', 5000, 'USD'))).statusCode).toBe(200);
    expect(await probe.balance(user.id)).toBe(0);
    expect(await probe.balance(other.user.id)).toBe(0);
    expect((await probe.row(intent.id)).failureReason).toBe('amount_mismatch');
  });

  it('refuses a bad signature (wrong secret, one byte changed, stale or future timestamp, none) and credits nothing', async () => {
    const { user, ref } = await pixIntent();
    const body = probe.event(ref, 'paid', 5000);
    const t = Math.floor(clock.now().getTime() / 1000);
    const tampered = body.replace('"amount":5000', '"amount":5001');
    const oneByte = body.slice(0, -2) + (body.at(-2) === '"' ? "'" : '"') + body.at(-1);
    const attempts = [
      probe.webhook(body, { secret: 'whsec_someone_else_entirely' }),
      probe.webhook(tampered, {
        signature: (await import('../../providers/payments/sandbox/webhooks.ts')).signSandboxWebhook(
          body,
          WEBHOOK_SECRET,
          t,
        ),
      }),
      probe.webhook(oneByte, {
        signature: (await import('../../providers/payments/sandbox/webhooks.ts')).signSandboxWebhook(
          body,
          WEBHOOK_SECRET,
          t,
        ),
      }),
      probe.webhook(body, { t: t - 301 }),
      probe.webhook(body, { t: t + 3600 }),
      probe.webhook(body, { signature: '' }),
      probe.webhook(body, { signature: 't=abc,v1=zz' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        detail: 'Assinatura do webhook inválida.',
      });
    }
    expect(await probe.balance(user.id)).toBe(0);
    expect(
      await database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, JSON.parse(body).id)),
    ).toEqual([]);
  });

  it('answers 404 for an unknown provider and for a provider this store does not use', async () => {
    const { ref } = await pixIntent();
    for (const provider of ['paypal', 'stripe', 'mercadopago', 'SANDBOX']) {
      const res = await probe.webhook(probe.event(ref, 'paid', 5000), { provider });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('takes the raw body whatever the content type, and refuses a signed body that is not an event', async () => {
    const { user, ref } = await pixIntent();
    const body = probe.event(ref, 'paid', 5000);
    const t = Math.floor(clock.now().getTime() / 1000);
    const { signSandboxWebhook } = await import('../../providers/payments/sandbox/webhooks.ts');
    const asText = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: {
        'content-type': 'text/plain',
        'x-sandbox-signature': signSandboxWebhook(body, WEBHOOK_SECRET, t),
      },
      payload: body,
    });
    expect(asText.statusCode).toBe(200);
    expect(await probe.balance(user.id)).toBe(5000);
    const junk = '{"hello":"world"}';
    const res = await probe.webhook(junk);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_PAYLOAD_INVALID');
  });

  it('ignores an event for a charge it does not know', async () => {
    const res = await probe.webhook(probe.event('A'.repeat(32), 'paid', 5000));
    expect(res.statusCode).toBe(200);
  });
});
