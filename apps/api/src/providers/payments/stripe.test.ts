import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './payment-provider.ts';
import { card, input, KEY, rejection, setup, WHSEC } from './stripe.fixture.ts';
import { createStripeProvider } from './stripe.ts';

describe('Stripe: PaymentIntents', () => {
  it('creates a PaymentIntent form-encoded, in cents, lower-case currency, with the idempotency key', async () => {
    const { provider, server } = await setup();
    const charge = await provider.createCharge(input({ currency: 'USD', amount: 2550 }));
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe('pay_0001');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    const form = new URLSearchParams(request?.body);
    expect(form.get('amount')).toBe('2550');
    expect(form.get('currency')).toBe('usd');
    expect(form.get('metadata[payment_id]')).toBe('pay_0001');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(charge).toEqual({
      providerRef: 'pi_3Test1',
      status: 'pending',
      expiresAt: null,
      card: { clientSecret: 'pi_3Test1_secret_abc1' },
    });
  });

  it('a retried create gets the same PaymentIntent', async () => {
    const { provider } = await setup();
    const first = await provider.createCharge(input());
    const again = await provider.createCharge(input());
    expect(again.providerRef).toBe(first.providerRef);
    expect(await rejection(provider.createCharge(input({ amount: 5000 })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });

  it('takes cards in BRL and USD only, without calling Stripe for anything else', async () => {
    const { provider, server } = await setup();
    expect(provider.supports('card', 'BRL')).toBe(true);
    expect(provider.supports('card', 'USD')).toBe(true);
    expect(provider.supports('pix', 'BRL')).toBe(false);
    expect(provider.supports('boleto', 'BRL')).toBe(false);
    expect(await rejection(provider.createCharge(input({ method: 'pix' })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('confirms with a PaymentMethod id and reports the payment', async () => {
    const { provider, server } = await setup();
    const { providerRef } = await provider.createCharge(input());
    expect(await provider.confirmCard(providerRef, card('pm_card_visa'))).toEqual({
      providerRef,
      status: 'paid',
      amount: 1999,
      currency: 'BRL',
    });
    const confirm = server.requests.find((r) => r.path.endsWith('/confirm'));
    expect(new URLSearchParams(confirm?.body).get('payment_method')).toBe('pm_card_visa');
    expect(confirm?.headers['idempotency-key']).toBe(`confirm-${providerRef}-pm_card_visa`);
    expect((await provider.getCharge(providerRef)).status).toBe('paid');
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'declined'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
  ])('a decline (%s) fails the charge with %s instead of throwing', async (pm, reason) => {
    const { provider } = await setup();
    const { providerRef } = await provider.createCharge(input());
    expect(await provider.confirmCard(providerRef, card(pm))).toEqual({
      providerRef,
      status: 'failed',
      amount: 1999,
      currency: 'BRL',
      failureReason: reason,
    });
    expect(await provider.getCharge(providerRef)).toMatchObject({ status: 'failed', failureReason: reason });
  });

  it('confirming a settled PaymentIntent again reports it without another confirm', async () => {
    const { provider, server } = await setup();
    const { providerRef } = await provider.createCharge(input());
    await provider.confirmCard(providerRef, card('pm_card_visa'));
    expect((await provider.confirmCard(providerRef, card('pm_card_mastercard'))).status).toBe('paid');
    expect(server.requests.filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
  });

  it('a card needing 3-D Secure stays pending for Stripe.js to finish', async () => {
    const { provider } = await setup();
    const { providerRef } = await provider.createCharge(input());
    expect((await provider.confirmCard(providerRef, card('pm_card_threeDSecure2Required'))).status).toBe(
      'pending',
    );
  });

  it('refuses raw card numbers before calling Stripe', async () => {
    const { provider, server } = await setup();
    const { providerRef } = await provider.createCharge(input());
    const before = server.requests.length;
    expect(await rejection(provider.confirmCard(providerRef, card('4242424242424242')))).toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(server.requests.length).toBe(before);
  });

  it.each([
    ['succeeded', null, 'paid'],
    ['processing', null, 'pending'],
    ['requires_action', null, 'pending'],
    ['requires_confirmation', null, 'pending'],
    ['requires_capture', null, 'pending'],
    ['requires_payment_method', null, 'pending'],
    ['requires_payment_method', { code: 'card_declined', decline_code: 'do_not_honor' }, 'failed'],
    ['canceled', null, 'cancelled'],
  ])('maps %s (error %j) to %s', async (status, lastError, expected) => {
    const { provider, stripe } = await setup();
    const { providerRef } = await provider.createCharge(input());
    Object.assign(stripe.intents.get(providerRef) ?? {}, { status, last_payment_error: lastError });
    const state = await provider.getCharge(providerRef);
    expect(state.status).toBe(expected);
    if (expected === 'failed') expect(state.failureReason).toBe('do_not_honor');
  });
});

describe('Stripe: errors', () => {
  it('404 -> NOT_FOUND, 500 -> UNAVAILABLE, 400 -> UNSUPPORTED, non-JSON -> BAD_REPLY', async () => {
    const { provider, stripe } = await setup({ maxNetworkRetries: 0 });
    expect(await rejection(provider.getCharge('pi_missing'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(provider.getCharge('ch_old'))).toMatchObject({ code: 'NOT_FOUND' });
    stripe.queue({ status: 500, json: { error: { type: 'api_error' } } });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'UNAVAILABLE' });
    stripe.queue({
      status: 400,
      json: { error: { type: 'invalid_request_error', message: 'Amount must be at least R$0.50 brl' } },
    });
    const tooSmall = await rejection(provider.createCharge(input({ amount: 10 })));
    expect(tooSmall).toBeInstanceOf(PaymentProviderError);
    expect(tooSmall).toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringContaining('at least R$0.50'),
    });
    stripe.queue({ status: 200, text: 'not json' });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('a bad key -> UNAVAILABLE without repeating any of the key', async () => {
    const { server } = await setup();
    const provider = createStripeProvider({
      baseUrl: server.url,
      secretKey: 'sk_test_wrongwrongwrong',
      webhookSecret: WHSEC,
      timeoutMs: 2000,
    });
    const error = await rejection(provider.createCharge(input()));
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
    expect((error as Error).message).not.toMatch(/sk_test|wrong/);
  });

  it('retries a 500 under the same idempotency key, and gives up after the retries -> UNAVAILABLE', async () => {
    const { provider, stripe, server } = await setup({ maxNetworkRetries: 1 });
    stripe.queue({ status: 500, json: { error: { type: 'api_error' } } });
    expect((await provider.createCharge(input())).providerRef).toBe('pi_3Test1');
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['pay_0001', 'pay_0001']);
    stripe.queue({ status: 500, json: { error: { type: 'api_error' } } });
    stripe.queue({ status: 503, json: { error: { type: 'api_error' } } });
    expect(await rejection(provider.getCharge('pi_3Test1'))).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('gives up after timeoutMs -> UNAVAILABLE', async () => {
    const { provider, stripe } = await setup({ timeoutMs: 100, maxNetworkRetries: 0 });
    stripe.queue({ json: {}, delayMs: 1000 });
    const started = Date.now();
    expect(await rejection(provider.getCharge('pi_slow'))).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/100 ms/),
    });
    expect(Date.now() - started).toBeLessThan(900);
  });
});

describe('Stripe: Checkout Sessions', () => {
  it('creates a payment-mode session with price data, URLs and our payment id', async () => {
    const { provider, server } = await setup();
    const session = await provider.createCheckoutSession({
      ...input({ amount: 4990 }),
      successUrl: 'https://numero.example/wallet?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://numero.example/wallet',
    });
    expect(session).toEqual({
      providerRef: 'cs_test_1',
      url: 'https://checkout.stripe.example/c/pay/cs_test_1',
    });
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers['idempotency-key']).toBe('checkout-pay_0001');
    const form = new URLSearchParams(request?.body);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'brl',
      'line_items[0][price_data][unit_amount]': '4990',
      'line_items[0][price_data][product_data][name]': 'Recarga de carteira',
      success_url: 'https://numero.example/wallet?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://numero.example/wallet',
      client_reference_id: 'pay_0001',
      'metadata[payment_id]': 'pay_0001',
      'payment_intent_data[metadata][payment_id]': 'pay_0001',
      'payment_intent_data[metadata][checkout]': 'true',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('reads the session: open -> pending, paid -> paid, expired -> expired, refused after submit -> failed', async () => {
    const { provider, stripe, server } = await setup();
    const { providerRef } = await provider.createCheckoutSession({
      ...input(),
      successUrl: 'https://numero.example/ok',
      cancelUrl: 'https://numero.example/no',
    });
    const session = stripe.sessions.get(providerRef) ?? {};
    expect(await provider.getCharge(providerRef)).toEqual({
      providerRef,
      status: 'pending',
      amount: 1999,
      currency: 'BRL',
    });
    expect(server.requests.at(-1)?.query.getAll('expand[0]')).toEqual(['payment_intent']);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect((await provider.getCharge(providerRef)).status).toBe('paid');
    Object.assign(session, { status: 'expired', payment_status: 'unpaid' });
    expect((await provider.getCharge(providerRef)).status).toBe('expired');
    Object.assign(session, {
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: {
        id: 'pi_x',
        object: 'payment_intent',
        status: 'requires_payment_method',
        amount: 1999,
        currency: 'brl',
        last_payment_error: { code: 'card_declined' },
      },
    });
    expect((await provider.getCharge(providerRef)).status).toBe('failed');
  });

  it('has no confirmCard: the payer pays on Stripe', async () => {
    const { provider } = await setup();
    expect(await rejection(provider.confirmCard('cs_test_1', card('pm_card_visa')))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });
});
