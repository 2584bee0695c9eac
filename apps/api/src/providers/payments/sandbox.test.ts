import { afterEach, describe, expect, it } from 'vitest';
import { dueDateFactor, validateDigitableLine } from './boleto.ts';
import { parseBrCode } from './br-code.ts';
import { type FakeReply, type FakeServer, startFakeServer, waitUntil } from './fake-http-server.ts';
import {
  type CardDetails,
  type CreateChargeInput,
  PaymentProviderError,
  WebhookSignatureError,
} from './payment-provider.ts';
import {
  createMemorySandboxStore,
  createSandboxPaymentProvider,
  type SandboxOptions,
  type SandboxStore,
  signSandboxWebhook,
  type WebhookAttempt,
} from './sandbox.ts';

const SECRET = 'whsec_sandbox_test';
const servers: FakeServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function webhookReceiver(answer: (n: number) => FakeReply = () => ({ status: 204 })) {
  let count = 0;
  const server = await startFakeServer(() => answer(++count));
  servers.push(server);
  return server;
}

function setup(overrides: Partial<SandboxOptions> = {}) {
  const attempts: WebhookAttempt[] = [];
  let now = new Date('2026-03-10T15:00:00Z');
  const store = overrides.store ?? createMemorySandboxStore();
  const provider = createSandboxPaymentProvider({
    store,
    webhookUrl: 'http://127.0.0.1:9/unused',
    webhookSecret: SECRET,
    webhookDelayMs: 5,
    webhookRetryBaseMs: 10,
    pixExpiryMinutes: 30,
    boletoExpiryDays: 3,
    merchantName: 'Número Telecom',
    merchantCity: 'São Paulo',
    pixKey: 'pix@numero.example',
    checkoutBaseUrl: 'http://localhost:3000/sandbox/checkout/',
    now: () => now,
    onWebhookAttempt: (a) => attempts.push(a),
    ...overrides,
  });
  return {
    provider,
    store,
    attempts,
    setNow: (date: Date) => {
      now = date;
    },
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: `pay_${Math.random().toString(36).slice(2)}`,
  amount: 5000,
  currency: 'BRL',
  method: 'pix',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

const card = (number: string, overrides: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'ANA SILVA',
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('sandbox: what it takes', () => {
  it('takes PIX and boleto in BRL only, cards in BRL and USD', async () => {
    const { provider } = setup();
    expect(provider.supports('pix', 'BRL')).toBe(true);
    expect(provider.supports('pix', 'USD')).toBe(false);
    expect(provider.supports('boleto', 'BRL')).toBe(true);
    expect(provider.supports('boleto', 'USD')).toBe(false);
    expect(provider.supports('card', 'BRL')).toBe(true);
    expect(provider.supports('card', 'USD')).toBe(true);
    const error = await rejection(provider.createCharge(input({ currency: 'USD' })));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).code).toBe('UNSUPPORTED');
    expect(await rejection(provider.createCharge(input({ amount: 0 })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(await rejection(provider.createCharge(input({ amount: 10.5 })))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });

  it('refuses to start with a bad configuration, naming the option', () => {
    expect(() => setup({ webhookUrl: 'not a url' })).toThrow(/webhookUrl/);
    expect(() => setup({ webhookSecret: '' })).toThrow(/webhookSecret/);
  });
});

describe('sandbox: PIX', () => {
  it('issues a valid one-time BR Code for the amount, with a QR image and an expiry', async () => {
    const { provider } = setup();
    const charge = await provider.createCharge(input({ amount: 1999 }));
    expect(charge.providerRef).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(charge.status).toBe('pending');
    expect(charge.expiresAt?.toISOString()).toBe('2026-03-10T15:30:00.000Z');
    const code = parseBrCode(charge.pix?.copyPaste ?? '');
    expect(code).toMatchObject({
      key: 'pix@numero.example',
      amount: 1999,
      merchantName: 'Numero Telecom',
      merchantCity: 'Sao Paulo',
      txid: charge.providerRef.slice(0, 25),
      oneTime: true,
    });
    const png = Buffer.from(
      (charge.pix?.qrCodeDataUrl ?? '').replace(/^data:image\/png;base64,/, ''),
      'base64',
    );
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(charge.boleto).toBeUndefined();
    expect(charge.card).toBeUndefined();
  });

  it('is paid by simulatePayment, once', async () => {
    const { provider } = setup();
    const charge = await provider.createCharge(input());
    expect(await provider.getCharge(charge.providerRef)).toEqual({
      providerRef: charge.providerRef,
      status: 'pending',
      amount: 5000,
      currency: 'BRL',
    });
    expect(await provider.simulatePayment(charge.providerRef)).toMatchObject({
      status: 'paid',
      amount: 5000,
    });
    expect((await provider.getCharge(charge.providerRef)).status).toBe('paid');
    expect(await rejection(provider.simulatePayment(charge.providerRef))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });

  it('can be failed by simulatePayment', async () => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(input());
    expect(await provider.simulatePayment(providerRef, 'failed')).toMatchObject({
      status: 'failed',
      failureReason: 'simulated_failure',
    });
  });

  it('expires at expiresAt (injected clock) and can no longer be paid', async () => {
    const { provider, store, advance } = setup();
    const { providerRef } = await provider.createCharge(input());
    advance(30 * 60_000 - 1);
    expect((await provider.getCharge(providerRef)).status).toBe('pending');
    advance(1);
    expect((await provider.getCharge(providerRef)).status).toBe('expired');
    expect((await store.get(providerRef))?.status).toBe('expired');
    expect(await rejection(provider.simulatePayment(providerRef))).toMatchObject({ code: 'UNSUPPORTED' });
  });

  it('answers a repeated create with the same charge (idempotent on paymentId)', async () => {
    const { provider } = setup();
    const first = await provider.createCharge(input({ paymentId: 'pay_1' }));
    const again = await provider.createCharge(input({ paymentId: 'pay_1' }));
    expect(again.providerRef).toBe(first.providerRef);
    expect(again.pix?.copyPaste).toBe(first.pix?.copyPaste);
    const other = await rejection(provider.createCharge(input({ paymentId: 'pay_1', amount: 6000 })));
    expect(other).toMatchObject({ code: 'UNSUPPORTED' });
  });

  it('reports NOT_FOUND for an unknown reference', async () => {
    const { provider } = setup();
    expect(await rejection(provider.getCharge('nope'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(provider.simulatePayment('nope'))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('sandbox: boleto', () => {
  it('issues a valid digitable line due N days later, payable until the end of that day in Brasília', async () => {
    const { provider, setNow } = setup();
    // 23:00 on 9 March in Brasília, so the due date counts from the 9th.
    setNow(new Date('2026-03-10T02:00:00Z'));
    const charge = await provider.createCharge(input({ method: 'boleto', amount: 123456 }));
    const line = charge.boleto?.digitableLine ?? '';
    expect(validateDigitableLine(line)).toMatchObject({
      valid: true,
      bankCode: '001',
      amount: 123456,
      dueFactor: dueDateFactor('2026-03-12'),
    });
    expect(charge.expiresAt?.toISOString()).toBe('2026-03-13T02:59:59.999Z');
    expect(charge.boleto?.url).toBe(`http://localhost:3000/sandbox/checkout/${charge.providerRef}`);
  });

  it('expires after its due day', async () => {
    const { provider, setNow } = setup();
    setNow(new Date('2026-03-10T12:00:00Z'));
    const { providerRef } = await provider.createCharge(input({ method: 'boleto' }));
    setNow(new Date('2026-03-14T02:59:59.998Z'));
    expect((await provider.getCharge(providerRef)).status).toBe('pending');
    setNow(new Date('2026-03-14T03:00:00Z'));
    expect((await provider.getCharge(providerRef)).status).toBe('expired');
  });
});

describe('sandbox: cards', () => {
  it('returns a client secret and no expiry for a card charge', async () => {
    const { provider } = setup();
    const charge = await provider.createCharge(input({ method: 'card', currency: 'USD' }));
    expect(charge.card?.clientSecret).toMatch(new RegExp(`^${charge.providerRef}_secret_[0-9a-f]{32}$`));
    expect(charge.expiresAt).toBeNull();
    expect(charge.pix).toBeUndefined();
  });

  it('4242 4242 4242 4242 pays', async () => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(
      input({ method: 'card', currency: 'USD', amount: 2500 }),
    );
    expect(await provider.confirmCard(providerRef, card('4242 4242 4242 4242'))).toEqual({
      providerRef,
      status: 'paid',
      amount: 2500,
      currency: 'USD',
    });
    expect((await provider.getCharge(providerRef)).status).toBe('paid');
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4111111111111111', 'declined'],
  ])('%s fails the charge with %s instead of throwing', async (number, reason) => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    expect(await provider.confirmCard(providerRef, card(number))).toMatchObject({
      status: 'failed',
      failureReason: reason,
    });
    expect(await provider.getCharge(providerRef)).toMatchObject({ status: 'failed', failureReason: reason });
  });

  it('throws DECLINED for a number failing Luhn and keeps the charge payable', async () => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    const error = await rejection(provider.confirmCard(providerRef, card('4242424242424241')));
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ code: 'DECLINED', message: expect.stringMatching(/invalid_number/) });
    expect((await provider.getCharge(providerRef)).status).toBe('pending');
    expect((await provider.confirmCard(providerRef, card('4242424242424242'))).status).toBe('paid');
  });

  it('throws DECLINED for an expired card or a malformed CVC', async () => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    // The clock says March 2026: February 2026 is past, March 2026 is still good.
    expect(
      await rejection(
        provider.confirmCard(providerRef, card('4242424242424242', { expMonth: 2, expYear: 2026 })),
      ),
    ).toMatchObject({ code: 'DECLINED' });
    expect(
      await rejection(provider.confirmCard(providerRef, card('4242424242424242', { cvc: '12a' }))),
    ).toMatchObject({ code: 'DECLINED' });
    expect(
      (await provider.confirmCard(providerRef, card('4242424242424242', { expMonth: 3, expYear: 26 })))
        .status,
    ).toBe('paid');
  });

  it('confirming a settled charge again reports it without charging twice', async () => {
    const server = await webhookReceiver();
    const { provider, attempts } = setup({ webhookUrl: `${server.url}/hooks/sandbox` });
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    await provider.confirmCard(providerRef, card('4242424242424242'));
    expect((await provider.confirmCard(providerRef, card('4000000000000002'))).status).toBe('paid');
    await waitUntil(() => attempts.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
  });

  it('two racing confirmations settle the charge once and send one webhook', async () => {
    const server = await webhookReceiver();
    const { provider, attempts } = setup({ webhookUrl: `${server.url}/hooks/sandbox` });
    const { providerRef } = await provider.createCharge(input({ method: 'card' }));
    const results = await Promise.all([
      provider.confirmCard(providerRef, card('4242424242424242')),
      provider.confirmCard(providerRef, card('4000000000000002')),
    ]);
    expect(results[0].status).toBe(results[1].status);
    await waitUntil(() => attempts.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
  });

  it('refuses card details on a PIX charge', async () => {
    const { provider } = setup();
    const { providerRef } = await provider.createCharge(input());
    expect(await rejection(provider.confirmCard(providerRef, card('4242424242424242')))).toMatchObject({
      code: 'UNSUPPORTED',
    });
  });
});

describe('sandbox: checkout sessions', () => {
  it('returns the checkout page URL with the ref, and the page can read and pay it', async () => {
    const { provider, advance } = setup();
    const session = await provider.createCheckoutSession({
      ...input({ method: 'card', amount: 990 }),
      successUrl: 'http://localhost:3000/wallet?paid=1',
      cancelUrl: 'http://localhost:3000/wallet',
    });
    expect(session.url).toBe(`http://localhost:3000/sandbox/checkout/${session.providerRef}`);
    const page = await provider.getCheckout(session.providerRef);
    expect(page).toMatchObject({
      kind: 'checkout',
      method: 'card',
      description: 'Recarga de carteira',
      successUrl: 'http://localhost:3000/wallet?paid=1',
      cancelUrl: 'http://localhost:3000/wallet',
      state: { status: 'pending', amount: 990, currency: 'BRL' },
    });
    expect(page.charge.expiresAt?.toISOString()).toBe('2026-03-11T15:00:00.000Z');
    advance(60_000);
    expect((await provider.confirmCard(session.providerRef, card('4242424242424242'))).status).toBe('paid');
  });

  it('shows a PIX code on a PIX checkout page', async () => {
    const { provider } = setup();
    const session = await provider.createCheckoutSession({
      ...input({ amount: 700 }),
      successUrl: 'https://numero.example/ok',
      cancelUrl: 'https://numero.example/cancel',
    });
    const page = await provider.getCheckout(session.providerRef);
    expect(parseBrCode(page.charge.pix?.copyPaste ?? '').amount).toBe(700);
  });
});

describe('sandbox: webhooks delivered to a real local server', () => {
  it('signs the POST so that parseWebhook accepts it, and retries after a 500', async () => {
    const server = await webhookReceiver((n) => (n === 1 ? { status: 500, text: 'boom' } : { status: 200 }));
    const { provider, attempts } = setup({
      webhookUrl: `${server.url}/hooks/sandbox`,
      now: () => new Date(),
    });
    const { providerRef } = await provider.createCharge(input({ amount: 4321 }));
    const started = Date.now();
    await provider.simulatePayment(providerRef);
    await waitUntil(() => attempts.some((a) => a.outcome === 'delivered'));

    expect(server.requests).toHaveLength(2);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.httpStatus])).toEqual([
      [1, 'retrying', 500],
      [2, 'delivered', 200],
    ]);
    const [first, second] = server.requests;
    expect(first?.path).toBe('/hooks/sandbox');
    expect(first?.method).toBe('POST');
    expect(first?.headers['content-type']).toBe('application/json');
    expect(first?.headers['x-sandbox-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(second?.body).toBe(first?.body);

    const event = await provider.parseWebhook(second?.rawBody ?? Buffer.alloc(0), second?.headers ?? {});
    expect(event).toEqual({
      eventId: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      providerRef,
      status: 'paid',
      amount: 4321,
      currency: 'BRL',
    });
    expect(JSON.parse(second?.body ?? '{}')).toMatchObject({ type: 'charge.paid', id: event?.eventId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5);
  });

  it('delivers the webhook of a card confirmed by a test card, declined ones too', async () => {
    const server = await webhookReceiver();
    const { provider, attempts } = setup({
      webhookUrl: `${server.url}/hooks/sandbox`,
      now: () => new Date(),
    });
    const paid = await provider.createCharge(input({ method: 'card' }));
    const declined = await provider.createCharge(input({ method: 'card' }));
    await provider.confirmCard(paid.providerRef, card('4242424242424242'));
    await provider.confirmCard(declined.providerRef, card('4000000000009995'));
    await waitUntil(() => attempts.filter((a) => a.outcome === 'delivered').length === 2);
    const events = await Promise.all(server.requests.map((r) => provider.parseWebhook(r.rawBody, r.headers)));
    expect(events.map((e) => [e?.providerRef, e?.status]).sort()).toEqual(
      [
        [paid.providerRef, 'paid'],
        [declined.providerRef, 'failed'],
      ].sort(),
    );
  });

  it('gives up after the configured number of attempts', async () => {
    const server = await webhookReceiver(() => ({ status: 503 }));
    const { provider, attempts } = setup({ webhookUrl: `${server.url}/h`, webhookMaxAttempts: 3 });
    const { providerRef } = await provider.createCharge(input());
    await provider.simulatePayment(providerRef);
    await waitUntil(() => attempts.some((a) => a.outcome === 'gave_up'));
    expect(server.requests).toHaveLength(3);
    expect(attempts.map((a) => a.outcome)).toEqual(['retrying', 'retrying', 'gave_up']);
  });

  it('retries on network errors too', async () => {
    const server = await webhookReceiver();
    const closedUrl = `${server.url}/h`;
    await server.close();
    servers.length = 0;
    const { provider, attempts } = setup({ webhookUrl: closedUrl, webhookMaxAttempts: 2 });
    const { providerRef } = await provider.createCharge(input());
    await provider.simulatePayment(providerRef);
    await waitUntil(() => attempts.some((a) => a.outcome === 'gave_up'));
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => a.httpStatus === undefined && typeof a.error === 'string')).toBe(true);
  });
});

describe('sandbox: parseWebhook', () => {
  const nowSeconds = Math.floor(new Date('2026-03-10T15:00:00Z').getTime() / 1000);
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'charge.paid',
    created: nowSeconds,
    data: { providerRef: 'ref1', status: 'paid', amount: 100, currency: 'BRL' },
  });
  const headersFor = (payload: string | Buffer, secret = SECRET, t = nowSeconds) => ({
    'x-sandbox-signature': signSandboxWebhook(payload, secret, t),
  });

  it('accepts a correctly signed event', async () => {
    const { provider } = setup();
    expect(await provider.parseWebhook(Buffer.from(body), headersFor(body))).toEqual({
      eventId: 'evt_1',
      providerRef: 'ref1',
      status: 'paid',
      amount: 100,
      currency: 'BRL',
    });
  });

  it('rejects a wrong secret', async () => {
    const { provider } = setup();
    const error = await rejection(provider.parseWebhook(Buffer.from(body), headersFor(body, 'whsec_other')));
    expect(error).toBeInstanceOf(WebhookSignatureError);
  });

  it('rejects a body changed by one byte', async () => {
    const { provider } = setup();
    const tampered = Buffer.from(body);
    const at = body.indexOf('"amount":100') + '"amount":'.length;
    tampered[at] = '9'.charCodeAt(0);
    expect(await rejection(provider.parseWebhook(tampered, headersFor(body)))).toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('rejects a stale or far-future timestamp, even when correctly signed', async () => {
    const { provider } = setup();
    const stale = headersFor(body, SECRET, nowSeconds - 301);
    const future = headersFor(body, SECRET, nowSeconds + 301);
    expect(await rejection(provider.parseWebhook(Buffer.from(body), stale))).toBeInstanceOf(
      WebhookSignatureError,
    );
    expect(await rejection(provider.parseWebhook(Buffer.from(body), future))).toBeInstanceOf(
      WebhookSignatureError,
    );
    const edge = headersFor(body, SECRET, nowSeconds - 300);
    expect(await provider.parseWebhook(Buffer.from(body), edge)).not.toBeNull();
  });

  it('rejects a missing or malformed header', async () => {
    const { provider } = setup();
    for (const headers of [
      {},
      { 'x-sandbox-signature': 'v1=abc' },
      { 'x-sandbox-signature': `t=${nowSeconds}` },
    ]) {
      expect(await rejection(provider.parseWebhook(Buffer.from(body), headers))).toBeInstanceOf(
        WebhookSignatureError,
      );
    }
  });

  it('accepts any of several v1 signatures (secret rotation) and any header case', async () => {
    const { provider } = setup();
    const good = signSandboxWebhook(body, SECRET, nowSeconds).split('v1=')[1];
    const header = `t=${nowSeconds},v1=${'0'.repeat(64)},v1=${good}`;
    expect(await provider.parseWebhook(Buffer.from(body), { 'X-Sandbox-Signature': header })).not.toBeNull();
  });

  it('returns null for a signed event type it does not handle', async () => {
    const { provider } = setup();
    const other = JSON.stringify({ id: 'evt_2', type: 'charge.refund.updated', data: {} });
    expect(await provider.parseWebhook(Buffer.from(other), headersFor(other))).toBeNull();
  });
});

describe('createMemorySandboxStore', () => {
  it('compares and sets: an update expecting another status changes nothing', async () => {
    const store: SandboxStore = createMemorySandboxStore();
    const { provider } = setup({ store });
    const { providerRef } = await provider.createCharge(input());
    const at = new Date();
    expect(
      await store.update(providerRef, { status: 'paid', failureReason: null, updatedAt: at }, 'failed'),
    ).toBeNull();
    expect((await store.get(providerRef))?.status).toBe('pending');
    expect(
      (await store.update(providerRef, { status: 'paid', failureReason: null, updatedAt: at }, 'pending'))
        ?.status,
    ).toBe('paid');
  });
});
