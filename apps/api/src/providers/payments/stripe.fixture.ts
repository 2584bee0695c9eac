import { afterEach } from 'vitest';
import {
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
  startFakeServer,
} from './fake-http-server.ts';
import type { CardDetails, CreateChargeInput } from './payment-provider.ts';
import { createStripeProvider, type StripeOptions } from './stripe.ts';
export const KEY = 'sk_test_51NumeroFakeKey';
export const WHSEC = 'whsec_numero_test';
export const NOW = new Date('2026-03-10T15:00:00Z');
export const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

export type Json = Record<string, unknown>;

/** A local stand-in for api.stripe.com: form-encoded requests, JSON answers, Idempotency-Key honoured. */
export function fakeStripe() {
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

export const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

export async function setup(overrides: Partial<StripeOptions> = {}) {
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

export const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: 'pay_0001',
  amount: 1999,
  currency: 'BRL',
  method: 'card',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

export const card = (paymentMethod: string): CardDetails => ({
  number: paymentMethod,
  expMonth: 0,
  expYear: 0,
  cvc: '',
  holderName: '',
});

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
