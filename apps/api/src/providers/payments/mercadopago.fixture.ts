import { afterEach } from 'vitest';
import { formatDigitableLine, generateBoleto } from './boleto.ts';
import { buildBrCode } from './br-code.ts';
import {
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from './fake-http-server.ts';
import { createMercadoPagoProvider, type MercadoPagoOptions } from './mercadopago.ts';
import { decimalToCents } from './money.ts';
import type { CardDetails, CreateChargeInput } from './payment-provider.ts';
import { hmacSha256Hex } from './signature.ts';
export const TOKEN = 'TEST-token-for-the-fake-server';
export const SECRET = 'mp-webhook-secret';
export const NOW = new Date('2026-03-10T15:00:00Z');
export const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
export const APPROVED_TOKEN = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const FUNDS_TOKEN = 'f00df00df00df00df00df00df00df00d';
export const BAD_TOKEN = 'badbadbadbadbadbadbadbadbadbad00';

export type Json = Record<string, unknown>;

/** A local stand-in for api.mercadopago.com that keeps state and honours X-Idempotency-Key. */
export function fakeMercadoPago() {
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
    if (req.method === 'POST' && /^\/checkout\/preferences\/?$/.test(req.path)) {
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

export const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

export async function setup(overrides: Partial<MercadoPagoOptions> = {}) {
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

export const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: 'pay_0001',
  amount: 1999,
  currency: 'BRL',
  method: 'pix',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

export const payer = {
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

export const card = (token: string, brand = 'visa'): CardDetails => ({
  number: token,
  expMonth: 0,
  expYear: 0,
  cvc: '',
  holderName: '',
  brand,
});

/** Builds the `x-signature` header Mercado Pago would send: HMAC-SHA256 of its documented manifest. */
export function signMercadoPagoWebhook(
  dataId: string,
  requestId: string,
  secret: string,
  ts: number,
): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `ts=${ts},v1=${hmacSha256Hex(secret, `id:${id};request-id:${requestId};ts:${ts};`)}`;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
