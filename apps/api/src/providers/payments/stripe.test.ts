import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from './fake-http-server.ts';
import {
  type CardDetails,
  type CreateChargeInput,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment-provider.ts';
import { createStripeProvider, type StripeOptions, signStripeWebhook } from './stripe.ts';

const KEY = 'sk_test_51NumeroFakeKey';
const WHSEC = 'whsec_numero_test';
const NOW = new Date('2026-03-10T15:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

type Json = Record<string, unknown>;

/** A local stand-in for api.stripe.com: form-encoded requests, JSON answers, Idempotency-Key honoured. */
function fakeStripe() {
  const intents = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const byKey = new Map<string, { path: string; body: string; reply: FakeReply }>();
  const queued: FakeReply[] = [];
  let n = 0;

  const declines: Record<string, { code: string; decline_code: string; message: string }> = {
    pm_card_visa_chargeDeclined: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    },
    pm_card_visa_chargeDeclinedInsufficientFunds: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  };

  const route = (req: RecordedRequest): FakeReply => {
    const form = new URLSearchParams(req.body);
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const id = `pi_3Test${++n}`;
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_abc${n}`,
        last_payment_error: null,
        metadata: { payment_id: form.get('metadata[payment_id]') },
      };
      intents.set(id, intent);
      return { json: intent };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(req.path);
    if (req.method === 'POST' && confirm) {
      const intent = intents.get(confirm[1] ?? '');
      if (!intent)
        return { status: 404, json: { error: { type: 'invalid_request_error', code: 'resource_missing' } } };
      if (intent.status === 'succeeded') {
        return {
          status: 400,
          json: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'already succeeded',
            },
          },
        };
      }
      const pm = form.get('payment_method') ?? '';
      const decline = declines[pm];
      if (decline) {
        Object.assign(intent, {
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', ...decline },
        });
        return { status: 402, json: { error: { type: 'card_error', ...decline, payment_intent: intent } } };
      }
      intent.status = pm === 'pm_card_threeDSecure2Required' ? 'requires_action' : 'succeeded';
      intent.last_payment_error = null;
      return { json: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && intentPath) {
      const intent = intents.get(intentPath[1] ?? '');
      return intent
        ? { json: intent }
        : {
            status: 404,
            json: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            },
          };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}`;
      const session: Json = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        url: `https://checkout.stripe.example/c/pay/${id}`,
        payment_intent: null,
        metadata: { payment_id: form.get('metadata[payment_id]') },
      };
      sessions.set(id, session);
      return { json: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '');
      return session ? { json: session } : { status: 404, json: { error: { code: 'resource_missing' } } };
    }
    return { status: 404, json: { error: { message: `no route ${req.path}` } } };
  };

  const handle = (req: RecordedRequest): FakeReply => {
    const injected = queued.shift();
    if (injected) return injected;
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      return {
        status: 401,
        json: {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${String(req.headers.authorization).slice(7, 15)}****`,
          },
        },
      };
    }
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') {
      const seen = byKey.get(key);
      if (seen && (seen.path !== req.path || seen.body !== req.body)) {
        return {
          status: 400,
          json: {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters',
            },
          },
        };
      }
      if (seen) return seen.reply;
      const reply = route(req);
      byKey.set(key, { path: req.path, body: req.body, reply: structuredClone(reply) });
      return reply;
    }
    return route(req);
  };

  return { handle, intents, sessions, queue: (reply: FakeReply) => queued.push(reply) };
}

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(overrides: Partial<StripeOptions> = {}) {
  const stripe = fakeStripe();
  const server = await startFakeServer(stripe.handle);
  servers.push(server);
  const provider = createStripeProvider({
    baseUrl: server.url,
    secretKey: KEY,
    webhookSecret: WHSEC,
    timeoutMs: 2000,
    now: () => NOW,
    ...overrides,
  });
  return { provider, stripe, server };
}

const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: 'pay_0001',
  amount: 1999,
  currency: 'BRL',
  method: 'card',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

const card = (paymentMethod: string): CardDetails => ({
  number: paymentMethod,
  expMonth: 0,
  expYear: 0,
  cvc: '',
  holderName: '',
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

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
    expect(form.get('payment_method_types[0]')).toBe('card');
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
    const { provider, stripe } = await setup();
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

  it('gives up after timeoutMs -> UNAVAILABLE', async () => {
    const { provider, stripe } = await setup({ timeoutMs: 100 });
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
    expect(server.requests.at(-1)?.query.getAll('expand[]')).toEqual(['payment_intent']);
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

describe('Stripe: webhooks', () => {
  const intentEvent = (id: string, type: string, metadata: Json = { payment_id: 'pay_0001' }) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      created: NOW_SECONDS,
      data: {
        object: {
          id: 'pi_3Abc',
          object: 'payment_intent',
          status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
          amount: 1999,
          currency: 'brl',
          metadata,
        },
      },
    });
  const sessionEvent = (id: string, type: string, paymentStatus = 'paid') =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: 'cs_test_a1',
          object: 'checkout.session',
          status: type === 'checkout.session.expired' ? 'expired' : 'complete',
          payment_status: paymentStatus,
          amount_total: 4990,
          currency: 'usd',
          payment_intent: 'pi_3Sess',
          metadata: { payment_id: 'pay_0002' },
        },
      },
    });
  const signed = (body: string, secret = WHSEC, t = NOW_SECONDS) => ({
    'stripe-signature': signStripeWebhook(body, secret, t),
  });

  it('reads payment_intent.succeeded and .payment_failed', async () => {
    const { provider } = await setup();
    const ok = intentEvent('evt_1', 'payment_intent.succeeded');
    expect(await provider.parseWebhook(Buffer.from(ok), signed(ok))).toEqual({
      eventId: 'evt_1',
      providerRef: 'pi_3Abc',
      status: 'paid',
      amount: 1999,
      currency: 'BRL',
    });
    const failed = intentEvent('evt_2', 'payment_intent.payment_failed');
    expect(await provider.parseWebhook(Buffer.from(failed), signed(failed))).toMatchObject({
      status: 'failed',
    });
  });

  it('maps checkout.session.completed and .async_payment_succeeded of one payment to the same charge', async () => {
    const { provider } = await setup();
    const completed = sessionEvent('evt_10', 'checkout.session.completed');
    const async = sessionEvent('evt_11', 'checkout.session.async_payment_succeeded');
    const a = await provider.parseWebhook(Buffer.from(completed), signed(completed));
    const b = await provider.parseWebhook(Buffer.from(async), signed(async));
    expect(a).toEqual({
      eventId: 'evt_10',
      providerRef: 'cs_test_a1',
      status: 'paid',
      amount: 4990,
      currency: 'USD',
    });
    expect(b).toEqual({ ...a, eventId: 'evt_11' });
  });

  it('reads an unpaid completion as pending, async failure as failed and expiry as expired', async () => {
    const { provider } = await setup();
    for (const [type, paymentStatus, expected] of [
      ['checkout.session.completed', 'unpaid', 'pending'],
      ['checkout.session.async_payment_failed', 'unpaid', 'failed'],
      ['checkout.session.expired', 'unpaid', 'expired'],
    ] as const) {
      const body = sessionEvent('evt_x', type, paymentStatus);
      expect((await provider.parseWebhook(Buffer.from(body), signed(body)))?.status).toBe(expected);
    }
  });

  it('ignores a checkout PaymentIntent, a PaymentIntent that is not ours, and other event types', async () => {
    const { provider } = await setup();
    for (const body of [
      intentEvent('evt_3', 'payment_intent.succeeded', { payment_id: 'pay_0002', checkout: 'true' }),
      intentEvent('evt_4', 'payment_intent.succeeded', {}),
      intentEvent('evt_5', 'payment_intent.created'),
      JSON.stringify({ id: 'evt_6', type: 'customer.created', data: { object: { id: 'cus_1' } } }),
    ]) {
      expect(await provider.parseWebhook(Buffer.from(body), signed(body))).toBeNull();
    }
  });

  it('rejects a wrong secret', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    expect(
      await rejection(provider.parseWebhook(Buffer.from(body), signed(body, 'whsec_other'))),
    ).toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a body changed by one byte', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const tampered = Buffer.from(body.replace('"amount":1999', '"amount":9999'));
    expect(tampered.length).toBe(Buffer.byteLength(body));
    expect(await rejection(provider.parseWebhook(tampered, signed(body)))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects a stale timestamp', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const stale = signed(body, WHSEC, NOW_SECONDS - 301);
    expect(await rejection(provider.parseWebhook(Buffer.from(body), stale))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('accepts any one of several v1 signatures and rejects a missing header', async () => {
    const { provider } = await setup();
    const body = intentEvent('evt_1', 'payment_intent.succeeded');
    const good = signStripeWebhook(body, WHSEC, NOW_SECONDS).split(',v1=')[1];
    const rotated = `t=${NOW_SECONDS},v1=${signStripeWebhook(body, 'whsec_old', NOW_SECONDS).split(',v1=')[1]},v1=${good},v0=ignored`;
    expect(await provider.parseWebhook(Buffer.from(body), { 'Stripe-Signature': rotated })).not.toBeNull();
    expect(await rejection(provider.parseWebhook(Buffer.from(body), {}))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
