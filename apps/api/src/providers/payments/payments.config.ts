import { z } from 'zod';
import { envBool } from '../../lib/env-bool.ts';

const cents = z.coerce.number().int().min(1).max(100_000_000_000);

/** Environment keys of the payment providers; parsed with the rest of the configuration. */
export const paymentsEnv = z.object({
  PAYMENT_PROVIDER: z
    .enum(['sandbox', 'mercadopago', 'stripe'])
    .default('sandbox')
    .describe(
      '`sandbox` (offline: PIX, boleto and card with test cards), `mercadopago` (PIX, boleto, card in BRL) or `stripe` (card in BRL and USD). Production refuses `sandbox` unless `DEMO_MODE=true`.',
    ),
  PAYMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(10_000)
    .describe(
      'Deadline of one attempt of a call to the payment provider (the Stripe and Mercado Pago SDKs retry twice).',
    ),
  PIX_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_440)
    .default(30)
    .describe('How long a PIX code can be paid.'),
  BOLETO_EXPIRY_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30)
    .default(3)
    .describe('Days until a boleto is due.'),
  TOPUP_MIN_BRL: cents.default(500).describe('Smallest top-up in reais, in cents (R$ 5,00).'),
  TOPUP_MAX_BRL: cents.default(500_000).describe('Largest top-up in reais, in cents (R$ 5.000,00).'),
  TOPUP_MIN_USD: cents.default(100).describe('Smallest top-up in dollars, in cents ($1.00).'),
  TOPUP_MAX_USD: cents.default(100_000).describe('Largest top-up in dollars, in cents ($1,000.00).'),
  TOPUP_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(10)
    .describe(
      'Payment intents and checkout sessions one user may open per `TOPUP_RATE_WINDOW_SECONDS` (then 429 with `Retry-After`).',
    ),
  TOPUP_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(600)
    .describe('The window of `TOPUP_RATE_LIMIT`, in seconds.'),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).max(256).optional().meta({
    description:
      'Secret the sandbox signs its webhooks with (16+ characters). Unset: the first start makes a random one and keeps it in the `settings` table for every process.',
    whenUnset: 'generated',
  }),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(1_500)
    .describe(
      'How long the sandbox waits before delivering a webhook (to `PUBLIC_URL/api/v1/payments/webhooks/sandbox`).',
    ),
  // A key under the reserved .example domain: no real bank can resolve it, so a sandbox QR never pays anyone.
  SANDBOX_PIX_KEY: z
    .string()
    .min(1)
    .max(77)
    .default('pagamentos@numero.example')
    .describe('PIX key printed in sandbox BR Codes (a reserved domain: no bank resolves it).'),
  SANDBOX_MERCHANT_NAME: z
    .string()
    .min(1)
    .max(25)
    .default('Numero')
    .describe('Merchant name in sandbox BR Codes (up to 25 characters).'),
  SANDBOX_MERCHANT_CITY: z
    .string()
    .min(1)
    .max(15)
    .default('Sao Paulo')
    .describe('Merchant city in sandbox BR Codes (up to 15 characters).'),
  MERCADOPAGO_ACCESS_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe('Mercado Pago access token; required with `PAYMENT_PROVIDER=mercadopago`.'),
  MERCADOPAGO_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Secret of Mercado Pago's webhook signatures; required with `PAYMENT_PROVIDER=mercadopago`. Webhooks go to `PUBLIC_URL/api/v1/payments/webhooks/mercadopago`.",
    ),
  MERCADOPAGO_PUBLIC_KEY: z
    .string()
    .min(1)
    .optional()
    .describe("Public key for Mercado Pago's card form; without it cards are not offered."),
  MERCADOPAGO_BASE_URL: z.url().optional().meta({
    description: 'Mercado Pago API address (tests point it elsewhere).',
    whenUnset: '`https://api.mercadopago.com`',
  }),
  MERCADOPAGO_PIX_PAYER_REQUIRED: envBool.meta({
    description:
      "`true` when the Mercado Pago account takes PIX only with the payer's CPF/CNPJ: the top-up form then asks for it.",
    whenUnset: '`false`',
  }),
  STRIPE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Stripe secret key; required with `PAYMENT_PROVIDER=stripe`.'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Secret of Stripe's webhook signatures; required with `PAYMENT_PROVIDER=stripe`. Webhooks go to `PUBLIC_URL/api/v1/payments/webhooks/stripe`.",
    ),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Publishable key handed to the browser with a card intent.'),
  STRIPE_BASE_URL: z.url().optional().meta({
    description: 'Stripe API address (tests point it elsewhere).',
    whenUnset: '`https://api.stripe.com`',
  }),
});

export type PaymentsConfig = ReturnType<typeof paymentsConfig>;

export function paymentsConfig(e: z.infer<typeof paymentsEnv>) {
  if (e.TOPUP_MIN_BRL > e.TOPUP_MAX_BRL) throw new Error('TOPUP_MIN_BRL must not exceed TOPUP_MAX_BRL');
  if (e.TOPUP_MIN_USD > e.TOPUP_MAX_USD) throw new Error('TOPUP_MIN_USD must not exceed TOPUP_MAX_USD');
  if (e.PAYMENT_PROVIDER === 'mercadopago' && !(e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET))
    throw new Error(
      'MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=mercadopago',
    );
  if (e.PAYMENT_PROVIDER === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENT_PROVIDER=stripe');
  return {
    provider: e.PAYMENT_PROVIDER,
    timeoutMs: e.PAYMENT_TIMEOUT_MS,
    pixExpiryMinutes: e.PIX_EXPIRY_MINUTES,
    boletoExpiryDays: e.BOLETO_EXPIRY_DAYS,
    /** Per top-up, in cents. */
    limits: {
      BRL: { min: e.TOPUP_MIN_BRL, max: e.TOPUP_MAX_BRL },
      USD: { min: e.TOPUP_MIN_USD, max: e.TOPUP_MAX_USD },
    },
    /** Payment intents and checkout sessions one user may open per window. */
    rateLimit: { limit: e.TOPUP_RATE_LIMIT, windowMs: e.TOPUP_RATE_WINDOW_SECONDS * 1000 },
    sandbox: {
      /** Unset: a random secret is made once and kept in the settings table for every process. */
      webhookSecret: e.SANDBOX_WEBHOOK_SECRET,
      webhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
      pixKey: e.SANDBOX_PIX_KEY,
      merchantName: e.SANDBOX_MERCHANT_NAME,
      merchantCity: e.SANDBOX_MERCHANT_CITY,
    },
    mercadopago: {
      accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
      publicKey: e.MERCADOPAGO_PUBLIC_KEY,
      baseUrl: e.MERCADOPAGO_BASE_URL,
      pixPayerRequired: e.MERCADOPAGO_PIX_PAYER_REQUIRED ?? false,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      baseUrl: e.STRIPE_BASE_URL,
    },
  };
}
