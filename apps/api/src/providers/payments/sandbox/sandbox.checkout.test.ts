import { describe, expect, it } from 'vitest';
import { parseBrCode } from '../br-code.ts';
import { waitUntil } from '../fake-http-server.ts';
import { WebhookSignatureError } from '../payment-provider.ts';
import { card, input, rejection, SECRET, servers, setup, webhookReceiver } from './sandbox.fixture.ts';
import { createMemorySandboxStore, type SandboxStore } from './store.ts';
import { signSandboxWebhook } from './webhooks.ts';

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
