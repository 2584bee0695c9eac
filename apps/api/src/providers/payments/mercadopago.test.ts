import { afterEach, describe, expect, it } from 'vitest';
import { formatDigitableLine, generateBoleto, validateDigitableLine } from './boleto.ts';
import { buildBrCode, parseBrCode } from './br-code.ts';
import {
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from './fake-http-server.ts';
import { createMercadoPagoProvider, type MercadoPagoOptions, signMercadoPagoWebhook } from './mercadopago.ts';
import { decimalToCents } from './money.ts';
import {
  type CardDetails,
  type CreateChargeInput,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment-provider.ts';

const TOKEN = 'TEST-token-for-the-fake-server';
const SECRET = 'mp-webhook-secret';
const NOW = new Date('2026-03-10T15:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const APPROVED_TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const FUNDS_TOKEN = 'f00df00df00df00df00df00df00df00d';
const BAD_TOKEN = 'badbadbadbadbadbadbadbadbadbad00';

type Json = Record<string, unknown>;

/** A local stand-in for api.mercadopago.com that keeps state and honours X-Idempotency-Key. */
function fakeMercadoPago() {
  const payments = new Map<string, Json>();
  const preferences = new Map<string, Json>();
  const byKey = new Map<string, Json>();
  let nextId = 1_310_000_000;
  let tick = 0;
  const queued: FakeReply[] = [];

  const handle = (req: RecordedRequest): FakeReply => {
    const injected = queued.shift();
    if (injected) return injected;
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return { status: 401, json: { message: 'invalid access token', error: 'unauthorized', status: 401 } };
    }
    const created = () => new Date(NOW.getTime() + tick++ * 1000).toISOString();

    if (req.method === 'POST' && req.path === '/v1/payments') {
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const known = byKey.get(key);
      if (known) return { status: 201, json: known };
      const body = JSON.parse(req.body) as Json;
      if (body.token === BAD_TOKEN) {
        return {
          status: 400,
          json: { message: 'invalid token', cause: [{ code: 2006, description: 'Card Token not found' }] },
        };
      }
      const id = nextId++;
      const cents = decimalToCents(body.transaction_amount as number) ?? 0;
      const payment: Json = {
        id,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        transaction_amount: body.transaction_amount,
        currency_id: 'BRL',
        external_reference: body.external_reference,
        date_created: created(),
        date_of_expiration: body.date_of_expiration ?? null,
        payment_method_id: body.payment_method_id ?? 'visa',
      };
      if (body.payment_method_id === 'pix') {
        payment.point_of_interaction = {
          transaction_data: {
            qr_code: buildBrCode({
              url: `pix-qr.mercadopago.example/instore/o/v2/${id}`,
              merchantName: 'NUMERO',
              merchantCity: 'SAO PAULO',
              amount: cents,
            }),
            qr_code_base64: 'iVBORw0KGgoAAAANSUhEUg==',
          },
        };
      }
      if (body.payment_method_id === 'bolbradesco') {
        const { digitableLine } = generateBoleto({ bankCode: '237', amount: cents, dueDate: '2026-03-13' });
        payment.transaction_details = {
          digitable_line: formatDigitableLine(digitableLine),
          external_resource_url: `https://www.mercadopago.example/payments/${id}/ticket`,
        };
      }
      if (body.token === APPROVED_TOKEN)
        Object.assign(payment, { status: 'approved', status_detail: 'accredited' });
      if (body.token === FUNDS_TOKEN) {
        Object.assign(payment, { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
      }
      payments.set(String(id), payment);
      byKey.set(key, payment);
      return { status: 201, json: payment };
    }
    if (req.method === 'GET' && req.path === '/v1/payments/search') {
      const ref = req.query.get('external_reference');
      const results = [...payments.values()]
        .filter((p) => p.external_reference === ref)
        .sort((a, b) => String(b.date_created).localeCompare(String(a.date_created)));
      return { json: { paging: { total: results.length, limit: 50, offset: 0 }, results } };
    }
    const paymentMatch = /^\/v1\/payments\/(\d+)$/.exec(req.path);
    if (req.method === 'GET' && paymentMatch) {
      const payment = payments.get(paymentMatch[1] ?? '');
      return payment
        ? { json: payment }
        : { status: 404, json: { message: 'Payment not found', status: 404 } };
    }
    if (req.method === 'POST' && req.path === '/checkout/preferences') {
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const known = byKey.get(key);
      if (known) return { status: 201, json: known };
      const body = JSON.parse(req.body) as Json;
      const id = `123456789-${nextId++}`;
      const preference = {
        ...body,
        id,
        init_point: `https://www.mercadopago.example/checkout/v1/redirect?pref_id=${id}`,
        date_created: created(),
      };
      preferences.set(id, preference);
      byKey.set(key, preference);
      return { status: 201, json: preference };
    }
    if (req.method === 'GET' && req.path === '/checkout/preferences/search') {
      const ref = req.query.get('external_reference');
      const elements = [...preferences.values()]
        .filter((p) => p.external_reference === ref)
        .map((p) => ({ id: p.id }));
      return { json: { elements, next_offset: elements.length, total: elements.length } };
    }
    const preferenceMatch = /^\/checkout\/preferences\/(.+)$/.exec(req.path);
    if (req.method === 'GET' && preferenceMatch) {
      const preference = preferences.get(decodeURIComponent(preferenceMatch[1] ?? ''));
      return preference ? { json: preference } : { status: 404, json: { message: 'not found' } };
    }
    return { status: 404, json: { message: `no route ${req.method} ${req.path}` } };
  };

  return {
    handle,
    payments,
    preferences,
    /** The next request gets this answer instead. */
    queue: (reply: FakeReply) => queued.push(reply),
    setStatus(id: string, status: string, detail: string) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no payment ${id}`);
      Object.assign(payment, { status, status_detail: detail });
    },
  };
}

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(overrides: Partial<MercadoPagoOptions> = {}) {
  const mp = fakeMercadoPago();
  const server = await startFakeServer(mp.handle);
  servers.push(server);
  let now = NOW;
  const provider = createMercadoPagoProvider({
    baseUrl: server.url,
    accessToken: TOKEN,
    webhookSecret: SECRET,
    notificationUrl: 'https://numero.example/api/webhooks/mercadopago',
    timeoutMs: 2000,
    publicKey: 'APP_USR-public-key',
    now: () => now,
    ...overrides,
  });
  return {
    provider,
    mp,
    server,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: 'pay_0001',
  amount: 1999,
  currency: 'BRL',
  method: 'pix',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

const payer = {
  firstName: 'Ana',
  lastName: 'Silva',
  taxId: '191.191.191-00',
  address: {
    zipCode: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};

const card = (token: string, brand = 'visa'): CardDetails => ({
  number: token,
  expMonth: 0,
  expYear: 0,
  cvc: '',
  holderName: '',
  brand,
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('Mercado Pago: PIX', () => {
  it('creates a payment with the idempotency key, a decimal amount and the expiry in Brasília time', async () => {
    const { provider, server } = await setup();
    const charge = await provider.createCharge(input());
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payments');
    expect(request?.headers['x-idempotency-key']).toBe('pay_0001');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toContain('"transaction_amount":19.99,');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      payment_method_id: 'pix',
      external_reference: 'pay_0001',
      payer: { email: 'ana@example.com' },
      notification_url: 'https://numero.example/api/webhooks/mercadopago?source_news=webhooks',
      date_of_expiration: '2026-03-10T12:30:00.000-03:00',
    });

    expect(charge.providerRef).toMatch(/^\d+$/);
    expect(charge.status).toBe('pending');
    expect(charge.expiresAt?.toISOString()).toBe('2026-03-10T15:30:00.000Z');
    expect(parseBrCode(charge.pix?.copyPaste ?? '').amount).toBe(1999);
    expect(charge.pix?.qrCodeDataUrl).toBe('data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==');
  });

  it.each([
    [1, '0.01'],
    [10, '0.1'],
    [29, '0.29'],
    [100000001, '1000000.01'],
  ])('sends %i cents as %s', async (cents, decimal) => {
    const { provider, server } = await setup();
    const charge = await provider.createCharge(input({ amount: cents }));
    expect(server.requests[0]?.body).toContain(`"transaction_amount":${decimal},`);
    expect(await provider.getCharge(charge.providerRef)).toMatchObject({ amount: cents, currency: 'BRL' });
  });

  it('a retried create reuses the key and gets the same payment', async () => {
    const { provider, server } = await setup();
    const first = await provider.createCharge(input());
    const again = await provider.createCharge(input());
    expect(again.providerRef).toBe(first.providerRef);
    expect(server.requests.map((r) => r.headers['x-idempotency-key'])).toEqual(['pay_0001', 'pay_0001']);
  });

  it.each([
    ['approved', 'accredited', 'paid'],
    ['pending', 'pending_waiting_transfer', 'pending'],
    ['in_process', 'pending_contingency', 'pending'],
    ['authorized', 'pending_capture', 'pending'],
    ['rejected', 'cc_rejected_other_reason', 'failed'],
    ['cancelled', 'expired', 'expired'],
    ['cancelled', 'by_collector', 'cancelled'],
    ['refunded', 'refunded', 'cancelled'],
    ['charged_back', 'settled', 'cancelled'],
    ['in_mediation', 'in_mediation', 'paid'],
  ])('maps %s/%s to %s', async (status, detail, expected) => {
    const { provider, mp } = await setup();
    const { providerRef } = await provider.createCharge(input());
    mp.setStatus(providerRef, status, detail);
    expect(await provider.getCharge(providerRef)).toMatchObject({
      providerRef,
      status: expected,
      amount: 1999,
    });
  });

  it('an unknown status is a BAD_REPLY, not a guess', async () => {
    const { provider, mp } = await setup();
    const { providerRef } = await provider.createCharge(input());
    mp.setStatus(providerRef, 'teleported', 'x');
    expect(await rejection(provider.getCharge(providerRef))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('refuses a reply whose PIX code is for another amount', async () => {
    const { provider, mp } = await setup();
    mp.queue({
      status: 201,
      json: {
        id: 1,
        status: 'pending',
        transaction_amount: 19.99,
        currency_id: 'BRL',
        external_reference: 'pay_0001',
        point_of_interaction: {
          transaction_data: {
            qr_code: buildBrCode({ key: 'k', merchantName: 'N', merchantCity: 'C', amount: 1 }),
          },
        },
      },
    });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('refuses a reply that belongs to another payment', async () => {
    const { provider, mp } = await setup();
    mp.queue({
      status: 201,
      json: {
        id: 1,
        status: 'pending',
        transaction_amount: 19.99,
        currency_id: 'BRL',
        external_reference: 'pay_other',
      },
    });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('makes its own QR image when Mercado Pago sends none', async () => {
    const { provider, mp } = await setup();
    const copyPaste = buildBrCode({
      url: 'pix.example/x',
      merchantName: 'N',
      merchantCity: 'C',
      amount: 1999,
    });
    mp.queue({
      status: 201,
      json: {
        id: 7,
        status: 'pending',
        transaction_amount: 19.99,
        currency_id: 'BRL',
        external_reference: 'pay_0001',
        point_of_interaction: { transaction_data: { qr_code: copyPaste } },
      },
    });
    const charge = await provider.createCharge(input());
    expect(charge.pix?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});

describe('Mercado Pago: boleto', () => {
  it('needs the payer name and CPF, and asks nothing of Mercado Pago without them', async () => {
    const { provider, server } = await setup();
    expect(await rejection(provider.createCharge(input({ method: 'boleto' })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('creates a bolbradesco payment and returns a valid digitable line and its link', async () => {
    const { provider, server } = await setup();
    const charge = await provider.createCharge(input({ method: 'boleto', amount: 26000, payer }));
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).toMatchObject({
      payment_method_id: 'bolbradesco',
      transaction_amount: 260,
      date_of_expiration: '2026-03-13T23:59:59.000-03:00',
      payer: {
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Silva',
        identification: { type: 'CPF', number: '19119119100' },
        address: { zip_code: '01310100', street_number: '1000', federal_unit: 'SP' },
      },
    });
    expect(validateDigitableLine(charge.boleto?.digitableLine ?? '')).toMatchObject({
      valid: true,
      amount: 26000,
    });
    expect(charge.boleto?.digitableLine).toMatch(/^\d{47}$/);
    expect(charge.boleto?.url).toBe(`https://www.mercadopago.example/payments/${charge.providerRef}/ticket`);
  });

  it('converts a bare barcode into the digitable line', async () => {
    const { provider, mp } = await setup();
    const { barcode } = generateBoleto({ bankCode: '237', amount: 5000, dueDate: '2026-03-13' });
    mp.queue({
      status: 201,
      json: {
        id: 8,
        status: 'pending',
        transaction_amount: 50,
        currency_id: 'BRL',
        external_reference: 'pay_0001',
        barcode: { content: barcode },
      },
    });
    const charge = await provider.createCharge(input({ method: 'boleto', amount: 5000, payer }));
    expect(validateDigitableLine(charge.boleto?.digitableLine ?? '')).toMatchObject({ valid: true, barcode });
  });
});

describe('Mercado Pago: errors', () => {
  it('400 -> UNSUPPORTED with the cause, 401 -> UNAVAILABLE, 404 -> NOT_FOUND, 500 -> UNAVAILABLE', async () => {
    const { provider, mp } = await setup();
    mp.queue({
      status: 400,
      json: { message: 'bad request', cause: [{ code: 4020, description: 'notification_url invalid' }] },
    });
    const bad = await rejection(provider.createCharge(input()));
    expect(bad).toBeInstanceOf(PaymentProviderError);
    expect(bad).toMatchObject({
      code: 'UNSUPPORTED',
      message: expect.stringContaining('notification_url invalid'),
    });
    mp.queue({ status: 500, text: 'oops' });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await rejection(provider.getCharge('999'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(provider.getCharge('whatever'))).toMatchObject({ code: 'NOT_FOUND' });
    const wrongToken = createMercadoPagoProvider({
      baseUrl: (await setup()).server.url,
      accessToken: 'wrong',
      webhookSecret: SECRET,
      notificationUrl: 'https://numero.example/hook',
      timeoutMs: 2000,
    });
    const denied = await rejection(wrongToken.createCharge(input()));
    expect(denied).toMatchObject({ code: 'UNAVAILABLE' });
    expect((denied as Error).message).not.toContain('wrong');
  });

  it('a 200 that is not a payment -> BAD_REPLY', async () => {
    const { provider, mp } = await setup();
    mp.queue({ status: 201, text: '<html>maintenance</html>' });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('gives up after timeoutMs -> UNAVAILABLE', async () => {
    const { provider, mp } = await setup({ timeoutMs: 100 });
    mp.queue({ status: 201, json: {}, delayMs: 1000 });
    const started = Date.now();
    const error = await rejection(provider.createCharge(input()));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/100 ms/) });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('an unreachable server -> UNAVAILABLE', async () => {
    const { provider, server } = await setup();
    await server.close();
    servers.length = 0;
    expect(await rejection(provider.getCharge('1'))).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('takes BRL only and cards only with a public key', async () => {
    const { provider } = await setup({ publicKey: undefined });
    expect(provider.supports('pix', 'BRL')).toBe(true);
    expect(provider.supports('boleto', 'BRL')).toBe(true);
    expect(provider.supports('pix', 'USD')).toBe(false);
    expect(provider.supports('card', 'BRL')).toBe(false);
    expect(await rejection(provider.createCharge(input({ method: 'card' })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });
});

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
    expect(request?.path).toBe('/checkout/preferences');
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
