import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { envBool } from '../../lib/env-bool.ts';

const names = z.enum(['simulator', 'sms-activate', '5sim']);

/** Environment keys of the upstream number providers; parsed with the rest of the configuration. */
export const numbersEnv = z.object({
  NUMBER_PROVIDERS: z
    .string()
    .default('simulator')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(names).min(1)),
  SIMULATOR_MIN_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  SIMULATOR_MAX_DELAY_MS: z.coerce.number().int().min(0).default(30_000),
  SIMULATOR_NO_SMS_RATE: z.coerce.number().min(0).max(1).default(0.05),
  SIMULATOR_SECRET: z.string().min(16).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SMS_ACTIVATE_BASE_URL: z.url().optional(),
  SMS_ACTIVATE_API_KEY: z.string().min(1).optional(),
  SMS_ACTIVATE_NAME: z.string().min(1).default('sms-activate'),
  FIVESIM_BASE_URL: z.url().default('https://5sim.net'),
  FIVESIM_TOKEN: z.string().min(1).optional(),
  FIVESIM_OPERATOR: z.string().min(1).default('any'),
  SMS_ACTIVATE_PUSH: envBool,
  NUMBER_WEBHOOK_TOKEN: z
    .string()
    .regex(/^[\w-]{24,128}$/)
    .optional(),
  NUMBER_WEBHOOK_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional(),
  SIMULATOR_PUSH: envBool,
  SIMULATOR_PUSH_URL: z.url().optional(),
  SMS_ACTIVATE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RUB'),
  FIVESIM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RUB'),
  /**
   * What one unit of a seller's currency is worth in the store's, for the synced upstream costs, as
   * JSON: {"RUB":{"BRL":0.06,"USD":0.011}}. Merged over DEFAULT_RATES.
   */
  UPSTREAM_RATES: z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'UPSTREAM_RATES must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^[A-Z]{3}$/),
        z.object({ BRL: z.number().positive(), USD: z.number().positive() }),
      ),
    )
    .optional(),
});

/** Rough rates for the synced costs when UPSTREAM_RATES does not set them (set it in production). */
const DEFAULT_RATES: Readonly<Record<string, { BRL: number; USD: number }>> = {
  BRL: { BRL: 1, USD: 0.19 },
  USD: { BRL: 5.4, USD: 1 },
  EUR: { BRL: 5.9, USD: 1.08 },
  RUB: { BRL: 0.06, USD: 0.011 },
};

export function numbersConfig(e: z.infer<typeof numbersEnv>) {
  if (e.NUMBER_PROVIDERS.includes('sms-activate') && !(e.SMS_ACTIVATE_BASE_URL && e.SMS_ACTIVATE_API_KEY))
    throw new Error(
      'SMS_ACTIVATE_BASE_URL and SMS_ACTIVATE_API_KEY are required when NUMBER_PROVIDERS lists sms-activate',
    );
  if (e.NUMBER_PROVIDERS.includes('5sim') && !e.FIVESIM_TOKEN)
    throw new Error('FIVESIM_TOKEN is required when NUMBER_PROVIDERS lists 5sim');
  if (e.SIMULATOR_MIN_DELAY_MS > e.SIMULATOR_MAX_DELAY_MS)
    throw new Error('SIMULATOR_MIN_DELAY_MS must not exceed SIMULATOR_MAX_DELAY_MS');
  return {
    order: e.NUMBER_PROVIDERS,
    rates: { ...DEFAULT_RATES, ...e.UPSTREAM_RATES },
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    simulator: {
      minDelayMs: e.SIMULATOR_MIN_DELAY_MS,
      maxDelayMs: e.SIMULATOR_MAX_DELAY_MS,
      noSmsRate: e.SIMULATOR_NO_SMS_RATE,
      secret: e.SIMULATOR_SECRET,
      /** Undefined: push unless under test (tests drive the clock and run no server). */
      push: e.SIMULATOR_PUSH,
      /** Where the simulator posts its SMS; by default this process over loopback. */
      pushUrl: e.SIMULATOR_PUSH_URL?.replace(/\/$/, ''),
    },
    inbound: {
      /**
       * The secret path token of the inbound SMS webhook. Without NUMBER_WEBHOOK_TOKEN only the
       * simulator may post, with a token derived from its secret (which every process shares).
       */
      token:
        e.NUMBER_WEBHOOK_TOKEN ??
        createHmac('sha256', e.SIMULATOR_SECRET ?? 'numero-simulator')
          .update('inbound-sms')
          .digest('base64url'),
      configured: e.NUMBER_WEBHOOK_TOKEN !== undefined,
      /** Addresses allowed to post; empty: any. */
      allow: e.NUMBER_WEBHOOK_ALLOW ?? [],
    },
    smsActivate: {
      baseUrl: e.SMS_ACTIVATE_BASE_URL,
      apiKey: e.SMS_ACTIVATE_API_KEY,
      name: e.SMS_ACTIVATE_NAME,
      pushes: e.SMS_ACTIVATE_PUSH ?? false,
      currency: e.SMS_ACTIVATE_CURRENCY,
    },
    fiveSim: {
      baseUrl: e.FIVESIM_BASE_URL,
      token: e.FIVESIM_TOKEN,
      operator: e.FIVESIM_OPERATOR,
      currency: e.FIVESIM_CURRENCY,
    },
  };
}
