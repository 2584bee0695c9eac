import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createMercadoPagoProvider } from '../../providers/payments/mercadopago.ts';
import type { PaymentProvider } from '../../providers/payments/payment-provider.ts';
import type { PaymentsConfig } from '../../providers/payments/payments.config.ts';
import {
  createSandboxPaymentProvider,
  type SandboxPaymentProvider,
} from '../../providers/payments/sandbox/sandbox.ts';
import type { SandboxStore } from '../../providers/payments/sandbox/store.ts';
import { createStripeProvider } from '../../providers/payments/stripe.ts';
import { createPgSandboxStore, sandboxWebhookSecret } from './sandbox-store.ts';

export const WEBHOOK_PATH = '/api/v1/payments/webhooks';
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

export interface BuiltProvider {
  provider: PaymentProvider;
  /** Set in sandbox mode only: simulation and the hosted checkout page. */
  sandbox: SandboxPaymentProvider | null;
  sandboxStore: SandboxStore | null;
  /** What the browser needs to load the provider's card form. */
  publicKey: string | undefined;
}

/** The provider PAYMENT_PROVIDER names, wired to this store's URLs and clock. */
export async function buildPaymentProvider(deps: {
  config: PaymentsConfig;
  publicUrl: string;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<BuiltProvider> {
  const { config, publicUrl, now, log } = deps;
  const webhookUrl = (name: string) => `${publicUrl}${WEBHOOK_PATH}/${name}`;
  if (config.provider === 'mercadopago') {
    const mp = config.mercadopago;
    const provider = createMercadoPagoProvider({
      accessToken: mp.accessToken!,
      webhookSecret: mp.webhookSecret!,
      publicKey: mp.publicKey,
      baseUrl: mp.baseUrl,
      notificationUrl: webhookUrl('mercadopago'),
      timeoutMs: config.timeoutMs,
      pixExpiryMinutes: config.pixExpiryMinutes,
      boletoExpiryDays: config.boletoExpiryDays,
      pixPayerRequired: mp.pixPayerRequired,
      now,
    });
    return { provider, sandbox: null, sandboxStore: null, publicKey: mp.publicKey };
  }
  if (config.provider === 'stripe') {
    const provider = createStripeProvider({
      secretKey: config.stripe.secretKey!,
      webhookSecret: config.stripe.webhookSecret!,
      baseUrl: config.stripe.baseUrl,
      timeoutMs: config.timeoutMs,
      now,
    });
    return { provider, sandbox: null, sandboxStore: null, publicKey: config.stripe.publishableKey };
  }
  const store = createPgSandboxStore(deps.db);
  const sandbox = createSandboxPaymentProvider({
    store,
    webhookUrl: webhookUrl('sandbox'),
    webhookSecret: await sandboxWebhookSecret(deps.db, config.sandbox.webhookSecret),
    webhookDelayMs: config.sandbox.webhookDelayMs,
    pixExpiryMinutes: config.pixExpiryMinutes,
    boletoExpiryDays: config.boletoExpiryDays,
    merchantName: config.sandbox.merchantName,
    merchantCity: config.sandbox.merchantCity,
    pixKey: config.sandbox.pixKey,
    checkoutBaseUrl: `${publicUrl}${SANDBOX_CHECKOUT_PATH}`,
    now,
    onWebhookAttempt: (a) => {
      if (a.outcome === 'delivered') log.debug({ webhook: a }, 'sandbox webhook delivered');
      else log.warn({ webhook: a }, 'sandbox webhook not delivered');
    },
  });
  return { provider: sandbox, sandbox, sandboxStore: store, publicKey: undefined };
}
