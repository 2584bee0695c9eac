import { describe, expect, it } from 'vitest';
import {
  APPROVED_TOKEN,
  BAD_TOKEN,
  card,
  FUNDS_TOKEN,
  input,
  NOW,
  NOW_SECONDS,
  rejection,
  SECRET,
  setup,
  signMercadoPagoWebhook,
} from './mercadopago.fixture.ts';
import { WebhookSignatureError } from './payment-provider.ts';

describe('Mercado Pago: cards', () => {
  it('opens a card charge backed by a preference and hands out the public key', async () => {
    const { provider, server } = await setup();
    const charge = await provider.createCharge(input({ method: 'card', amount: 5000 }));
    expect(charge).toMatchObject({
      providerRef: 'card:pay_0001',
      status: 'pending',
      card: { publicKey: 'APP_USR-public-key' },
    });
    expect(charge.expiresAt?.toISOString()).toBe('2026-03-11T15:00:00.000Z');
    const [request] = server.requests;
    expect(request?.path).toBe('/checkout/preferences/');
    expect(request?.headers['x-idempotency-key']).toBe('preference-card:pay_0001');
    expect(request?.body).toContain('"unit_price":50,');
    expect(await provider.getCharge(charge.providerRef)).toEqual({
      providerRef: 'card:pay_0001',
      status: 'pending',
      amount: 5000,
      currency: 'BRL',
    });
  });

  it('charges the token for the preference amount, once per token', async () => {
    const { provider, server } = await setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card', amount: 4590 }));
    const state = await provider.confirmCard(providerRef, card(APPROVED_TOKEN, 'master'));
    expect(state).toEqual({ providerRef, status: 'paid', amount: 4590, currency: 'BRL' });
    const post = server.requests.find((r) => r.method === 'POST' && r.path === '/v1/payments');
    expect(post?.body).toContain('"transaction_amount":45.9,');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      token: APPROVED_TOKEN,
      payment_method_id: 'master',
      installments: 1,
      binary_mode: true,
      external_reference: providerRef,
      payer: { email: 'ana@example.com' },
    });
    expect(post?.headers['x-idempotency-key']).toMatch(/^[0-9a-f]{64}$/);
    expect(await provider.getCharge(providerRef)).toMatchObject({ status: 'paid', amount: 4590 });

    // Confirming again (another card) reports the approval and charges nothing.
    const posts = () =>
      server.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments').length;
    expect((await provider.confirmCard(providerRef, card(FUNDS_TOKEN))).status).toBe('paid');
    expect(posts()).toBe(1);
  });

  it('a refused card fails the charge with the reason instead of throwing', async () => {
    const { provider } = await setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    expect(await provider.confirmCard(providerRef, card(FUNDS_TOKEN))).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    expect(await provider.getCharge(providerRef)).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
  });

  it('a token Mercado Pago rejects -> DECLINED; a raw card number is refused before any call', async () => {
    const { provider, server } = await setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    expect(await rejection(provider.confirmCard(providerRef, card(BAD_TOKEN)))).toMatchObject({
      code: 'DECLINED',
    });
    const before = server.requests.length;
    expect(await rejection(provider.confirmCard(providerRef, card('4242 4242 4242 4242')))).toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(server.requests.length).toBe(before);
  });

  it('an expired card form takes no payment', async () => {
    const { provider, advance } = await setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    advance(24 * 3_600_000);
    expect((await provider.confirmCard(providerRef, card(APPROVED_TOKEN))).status).toBe('expired');
    expect((await provider.getCharge(providerRef)).status).toBe('expired');
  });
});

describe('Mercado Pago: Checkout Pro', () => {
  it('creates a preference and returns init_point; the charge stays open across a refused attempt', async () => {
    const { provider, server, mp } = await setup();
    const session = await provider.createCheckoutSession({
      ...input({ amount: 1500 }),
      successUrl: 'https://numero.example/wallet?ok=1',
      cancelUrl: 'https://numero.example/wallet',
    });
    expect(session.providerRef).toBe('checkout:pay_0001');
    expect(session.url).toMatch(/^https:\/\/www\.mercadopago\.example\/checkout\/v1\/redirect\?pref_id=/);
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toMatchObject({
      external_reference: 'checkout:pay_0001',
      items: [{ unit_price: 15, quantity: 1, currency_id: 'BRL', title: 'Recarga de carteira' }],
      back_urls: { success: 'https://numero.example/wallet?ok=1', failure: 'https://numero.example/wallet' },
      auto_return: 'approved',
    });
    expect(await provider.getCharge(session.providerRef)).toMatchObject({ status: 'pending', amount: 1500 });

    // The payer tries a card that is refused, then pays by PIX on the same page.
    const refused = {
      id: 501,
      status: 'rejected',
      status_detail: 'cc_rejected_other_reason',
      date_created: '2026-03-10T15:01:00.000Z',
    };
    const pix = {
      id: 502,
      status: 'approved',
      status_detail: 'accredited',
      date_created: '2026-03-10T15:02:00.000Z',
    };
    for (const p of [refused, pix]) {
      mp.payments.set(String(p.id), {
        ...p,
        transaction_amount: 15,
        currency_id: 'BRL',
        external_reference: 'checkout:pay_0001',
      });
    }
    mp.setStatus('502', 'pending', 'pending_waiting_transfer');
    expect((await provider.getCharge(session.providerRef)).status).toBe('pending');
    mp.setStatus('502', 'approved', 'accredited');
    expect(await provider.getCharge(session.providerRef)).toMatchObject({ status: 'paid', amount: 1500 });
  });
});

describe('Mercado Pago: webhooks', () => {
  const notification = (dataId: string, action = 'payment.updated') =>
    JSON.stringify({
      action,
      api_version: 'v1',
      data: { id: dataId },
      date_created: '2026-03-10T15:00:00Z',
      id: 117_000_001,
      live_mode: false,
      type: 'payment',
      user_id: '123456789',
    });
  const headers = (dataId: string, opts: { secret?: string; ts?: number; requestId?: string } = {}) => ({
    'x-signature': signMercadoPagoWebhook(
      dataId,
      opts.requestId ?? 'req-7f3a',
      opts.secret ?? SECRET,
      opts.ts ?? NOW_SECONDS,
    ),
    'x-request-id': opts.requestId ?? 'req-7f3a',
  });

  it('verifies, then reads the state from the API (the body only names the payment)', async () => {
    const { provider, mp } = await setup();
    const { providerRef } = await provider.createCharge(input());
    mp.setStatus(providerRef, 'approved', 'accredited');
    // The body says "created", the API says approved: the API wins.
    const body = notification(providerRef, 'payment.created');
    expect(await provider.parseWebhook(Buffer.from(body), headers(providerRef))).toEqual({
      eventId: 'req-7f3a',
      providerRef,
      status: 'paid',
      amount: 1999,
      currency: 'BRL',
    });
  });

  it('maps a Checkout Pro payment to the checkout reference', async () => {
    const { provider, mp } = await setup();
    const session = await provider.createCheckoutSession({
      ...input({ amount: 1500 }),
      successUrl: 'https://numero.example/ok',
      cancelUrl: 'https://numero.example/no',
    });
    mp.payments.set('777', {
      id: 777,
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 15,
      currency_id: 'BRL',
      external_reference: session.providerRef,
      date_created: '2026-03-10T15:05:00.000Z',
    });
    expect(await provider.parseWebhook(Buffer.from(notification('777')), headers('777'))).toMatchObject({
      providerRef: 'checkout:pay_0001',
      status: 'paid',
      amount: 1500,
    });
  });

  it('rejects a wrong secret', async () => {
    const { provider } = await setup();
    const error = await rejection(
      provider.parseWebhook(Buffer.from(notification('1')), headers('1', { secret: 'nope' })),
    );
    expect(error).toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a body whose signed data.id was changed by one byte, before calling the API', async () => {
    const { provider, server } = await setup();
    const error = await rejection(
      provider.parseWebhook(Buffer.from(notification('1310000001')), headers('1310000000')),
    );
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a stale timestamp and accepts one given in milliseconds', async () => {
    const { provider, mp } = await setup();
    const { providerRef } = await provider.createCharge(input());
    mp.setStatus(providerRef, 'approved', 'accredited');
    const body = Buffer.from(notification(providerRef));
    const stale = headers(providerRef, { ts: NOW_SECONDS - 301 });
    expect(await rejection(provider.parseWebhook(body, stale))).toBeInstanceOf(WebhookSignatureError);
    const millis = headers(providerRef, { ts: NOW.getTime() - 1000 });
    expect((await provider.parseWebhook(body, millis))?.status).toBe('paid');
  });

  it('rejects a missing signature, a changed request id and a non-JSON body', async () => {
    const { provider } = await setup();
    const body = Buffer.from(notification('5'));
    expect(await rejection(provider.parseWebhook(body, { 'x-request-id': 'r' }))).toBeInstanceOf(
      WebhookSignatureError,
    );
    const swapped = { ...headers('5'), 'x-request-id': 'req-other' };
    expect(await rejection(provider.parseWebhook(body, swapped))).toBeInstanceOf(WebhookSignatureError);
    expect(await rejection(provider.parseWebhook(Buffer.from('not json'), headers('5')))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('ignores signed notifications about other topics without calling the API', async () => {
    const { provider, server } = await setup();
    const body = JSON.stringify({ action: 'updated', type: 'merchant_order', data: { id: '42' } });
    expect(await provider.parseWebhook(Buffer.from(body), headers('42'))).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});
