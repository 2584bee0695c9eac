import { describe, expect, it } from 'vitest';
import { generateBoleto, validateDigitableLine } from './boleto.ts';
import { buildBrCode, parseBrCode } from './br-code.ts';
import { input, payer, rejection, SECRET, servers, setup, TOKEN } from './mercadopago.fixture.ts';
import { createMercadoPagoProvider } from './mercadopago.ts';
import { PaymentProviderError } from './payment-provider.ts';

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

describe('Mercado Pago: PIX on an account that requires the payer', () => {
  it('needs the payer name and CPF, then sends them as the identification', async () => {
    const { provider, server } = await setup({ pixPayerRequired: true });
    expect(provider.payerRequired).toEqual(['boleto', 'pix']);
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'UNSUPPORTED' });
    expect(server.requests).toHaveLength(0);
    await provider.createCharge(input({ payer })).catch(() => {});
    expect(JSON.parse(server.requests[0]?.body ?? '{}').payer).toMatchObject({
      identification: { type: 'CPF' },
    });
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

describe('Mercado Pago: the payer CPF', () => {
  it('sends the CPF with a PIX payment when the app has it', async () => {
    const { provider, server } = await setup();
    await provider.createCharge(
      input({ payer: { firstName: 'Ana', lastName: 'Silva', taxId: '191.191.191-00' } }),
    );
    expect(JSON.parse(server.requests[0]?.body ?? '{}').payer).toEqual({
      email: 'ana@example.com',
      first_name: 'Ana',
      last_name: 'Silva',
      identification: { type: 'CPF', number: '19119119100' },
    });
  });

  it.each([
    ['a wrong check digit', '191.191.191-01'],
    ['repeated digits', '111.111.111-11'],
    ['too few digits', '1911911910'],
  ])('refuses a CPF with %s before calling Mercado Pago, without repeating it', async (_name, taxId) => {
    const { provider, server } = await setup();
    for (const method of ['pix', 'boleto'] as const) {
      const error = await rejection(
        provider.createCharge(input({ method, payer: { firstName: 'Ana', lastName: 'Silva', taxId } })),
      );
      expect(error).toMatchObject({ code: 'UNSUPPORTED' });
      expect((error as Error).message).not.toMatch(/\d{3}/);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('Mercado Pago: errors', () => {
  it('400 -> UNSUPPORTED with the cause, 401 -> UNAVAILABLE, 404 -> NOT_FOUND, 500 -> UNAVAILABLE', async () => {
    const { provider, mp } = await setup({ retries: 0 });
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
      retries: 0,
    });
    const denied = await rejection(wrongToken.createCharge(input()));
    expect(denied).toMatchObject({ code: 'UNAVAILABLE' });
    expect((denied as Error).message).not.toContain('wrong');
  });

  it('two providers in one process each reach their own address, even with calls in flight together', async () => {
    const a = await setup();
    const b = await setup();
    const [fromA, fromB] = await Promise.all([
      a.provider.createCharge(input({ paymentId: 'pay_a' })),
      b.provider.createCharge(input({ paymentId: 'pay_b' })),
    ]);
    await Promise.all([a.provider.getCharge(fromA.providerRef), b.provider.getCharge(fromB.providerRef)]);
    expect(a.server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(b.server.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(JSON.parse(a.server.requests[0]?.body ?? '{}').external_reference).toBe('pay_a');
    expect(JSON.parse(b.server.requests[0]?.body ?? '{}').external_reference).toBe('pay_b');
  });

  it('a 200 that is not a payment -> BAD_REPLY', async () => {
    const { provider, mp } = await setup();
    mp.queue({ status: 201, text: '<html>maintenance</html>' });
    expect(await rejection(provider.createCharge(input()))).toMatchObject({ code: 'BAD_REPLY' });
  });

  it('retries a 500 under the same idempotency key, and gives up after the retries -> UNAVAILABLE', async () => {
    const { provider, mp, server } = await setup({ retries: 1 });
    mp.queue({ status: 500, text: 'oops' });
    const charge = await provider.createCharge(input());
    expect(charge.providerRef).toMatch(/^\d+$/);
    expect(server.requests.map((r) => r.headers['x-idempotency-key'])).toEqual(['pay_0001', 'pay_0001']);
    mp.queue({ status: 502, text: 'bad gateway' });
    mp.queue({ status: 503, text: 'unavailable' });
    expect(await rejection(provider.getCharge(charge.providerRef))).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('gives up after timeoutMs -> UNAVAILABLE', async () => {
    const { provider, mp } = await setup({ timeoutMs: 100, retries: 0 });
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
