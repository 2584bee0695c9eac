import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, signUpAndSignIn } from '../../test/helpers.ts';
import { paymentsProbe } from '../../test/wallet-fixture.ts';

describe('with a real provider configured (Stripe, unreachable here)', async () => {
  const { app, database } = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_not_a_real_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_not_a_real_secret',
      STRIPE_BASE_URL: 'http://127.0.0.1:9',
      PAYMENT_TIMEOUT_MS: '500',
    },
  });
  const probe = paymentsProbe(app, database);

  it('simulate is 404, and so are the sandbox webhook and checkout', async () => {
    const { cookie } = await signUpAndSignIn(app);
    const id = '00000000-0000-4000-8000-000000000000';
    const sim = await probe.post(`/api/v1/wallets/payments/${id}/simulate`, cookie);
    expect(sim.statusCode).toBe(404);
    expect((await probe.webhook('{}', { provider: 'sandbox' })).statusCode).toBe(404);
    // Outside /api a GET falls through to the web app (or 404 without one): never the sandbox's page.
    const page = await app.inject({ url: '/sandbox/checkout/abcdefghijklmnopqrstuvwxyz012345' });
    expect(page.body).not.toContain('Pagar');
    const pay = await probe.post(
      '/api/v1/payments/sandbox/checkout/abcdefghijklmnopqrstuvwxyz012345/pay',
      undefined,
    );
    expect(pay.statusCode).toBe(404);
  });

  it('refuses PIX (Stripe takes cards only) and answers 503 when the provider is down, with nothing credited', async () => {
    const { cookie, user } = await signUpAndSignIn(app);
    const pix = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
      amount: 5000,
      currency: 'BRL',
      method: 'pix',
    });
    expect(pix.statusCode).toBe(422);
    expect(pix.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const down = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
      amount: 5000,
      currency: 'USD',
      method: 'card',
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await probe.balance(user.id, 'USD')).toBe(0);
  });

  it('checks Stripe signatures on its own route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });
});

describe('with Mercado Pago requiring the payer on PIX (unreachable here)', async () => {
  const { app, database } = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-not-a-real-token',
      MERCADOPAGO_WEBHOOK_SECRET: 'not-a-real-secret',
      MERCADOPAGO_BASE_URL: 'http://127.0.0.1:9',
      MERCADOPAGO_PIX_PAYER_REQUIRED: 'true',
      PAYMENT_TIMEOUT_MS: '500',
    },
  });
  const probe = paymentsProbe(app, database);

  it('tells the pages, and refuses a PIX or boleto without the payer before calling Mercado Pago', async () => {
    const store = await app.inject({ url: '/api/v1/store' });
    expect(store.json().payer_required).toEqual(['boleto', 'pix']);
    const { cookie, user } = await signUpAndSignIn(app);
    for (const method of ['pix', 'boleto'] as const) {
      const res = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
        amount: 5000,
        currency: 'BRL',
        method,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(method === 'pix' ? 'PIX_PAYER_REQUIRED' : 'BOLETO_PAYER_REQUIRED');
    }
    // With the payer the request goes on to Mercado Pago, unreachable here: 503, nothing credited.
    const withPayer = await probe.post('/api/v1/wallets/payments/create-intent', cookie, {
      amount: 5000,
      currency: 'BRL',
      method: 'pix',
      payer: { name: 'Ana Souza', tax_id: '529.982.247-25' },
    });
    expect(withPayer.statusCode).toBe(503);
    expect(await probe.balance(user.id)).toBe(0);
  });
});

describe('payment settings', () => {
  it('has the documented defaults and refuses half-configured providers', () => {
    const { payments } = loadConfig({});
    expect(payments).toMatchObject({
      provider: 'sandbox',
      pixExpiryMinutes: 30,
      boletoExpiryDays: 3,
      limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
      rateLimit: { limit: 10, windowMs: 600_000 },
      sandbox: {
        webhookSecret: undefined,
        webhookDelayMs: 1500,
        merchantName: 'Numero',
        merchantCity: 'Sao Paulo',
      },
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mercadopago' })).toThrow(/MERCADOPAGO_ACCESS_TOKEN/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ TOPUP_MIN_BRL: '900', TOPUP_MAX_BRL: '800' })).toThrow(/TOPUP_MIN_BRL/);
    expect(() => loadConfig({ SANDBOX_WEBHOOK_SECRET: 'short' })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
  });
});
