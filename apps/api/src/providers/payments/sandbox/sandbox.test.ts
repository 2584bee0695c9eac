import { describe, expect, it } from 'vitest';
import { dueDateFactor, validateDigitableLine } from '../boleto.ts';
import { parseBrCode } from '../br-code.ts';
import { waitUntil } from '../fake-http-server.ts';
import { PaymentProviderError } from '../payment-provider.ts';
import { card, input, rejection, setup, webhookReceiver } from './sandbox.fixture.ts';

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
