import { z } from 'zod';
import { envBool } from '../../lib/env-bool.ts';

const cents = z.coerce.number().int().min(1).max(100_000_000_000);

/** Environment keys of the payment providers; parsed with the rest of the configuration. */
export const paymentsEnv = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago', 'stripe']).default('sandbox'),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PIX_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1_440).default(30),
  BOLETO_EXPIRY_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  TOPUP_MIN_BRL: cents.default(500),
  TOPUP_MAX_BRL: cents.default(500_000),
  TOPUP_MIN_USD: cents.default(100),
  TOPUP_MAX_USD: cents.default(100_000),
  TOPUP_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  TOPUP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).max(256).optional(),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
  // A key under the reserved .example domain: no real bank can resolve it, so a sandbox QR never pays anyone.
  SANDBOX_PIX_KEY: z.string().min(1).max(77).default('pagamentos@numero.example'),
  SANDBOX_MERCHANT_NAME: z.string().min(1).max(25).default('Numero'),
  SANDBOX_MERCHANT_CITY: z.string().min(1).max(15).default('Sao Paulo'),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(1).optional(),
  MERCADOPAGO_BASE_URL: z.url().optional(),
  /** The Mercado Pago account refuses PIX without the payer's CPF/CNPJ: the top-up form asks for it. */
  MERCADOPAGO_PIX_PAYER_REQUIRED: envBool,
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_BASE_URL: z.url().optional(),
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
