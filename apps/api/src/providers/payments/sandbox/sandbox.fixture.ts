import { afterEach } from 'vitest';
import { type FakeReply, type FakeServer, startFakeServer } from '../fake-http-server.ts';
import type { CardDetails, CreateChargeInput } from '../payment-provider.ts';
import { createSandboxPaymentProvider, type SandboxOptions } from './sandbox.ts';
import { createMemorySandboxStore } from './store.ts';
import type { WebhookAttempt } from './webhooks.ts';
export const SECRET = 'whsec_sandbox_test';
export const servers: FakeServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

export async function webhookReceiver(answer: (n: number) => FakeReply = () => ({ status: 204 })) {
  let count = 0;
  const server = await startFakeServer(() => answer(++count));
  servers.push(server);
  return server;
}

export function setup(overrides: Partial<SandboxOptions> = {}) {
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

export const input = (overrides: Partial<CreateChargeInput> = {}): CreateChargeInput => ({
  paymentId: `pay_${Math.random().toString(36).slice(2)}`,
  amount: 5000,
  currency: 'BRL',
  method: 'pix',
  payerEmail: 'ana@example.com',
  description: 'Recarga de carteira',
  ...overrides,
});

export const card = (number: string, overrides: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'ANA SILVA',
  ...overrides,
});

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
