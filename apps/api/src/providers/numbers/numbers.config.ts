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
    .pipe(z.array(names).min(1))
    .describe(
      'Upstream number providers in priority order, comma-separated (`simulator`, `sms-activate`, `5sim`); a purchase fails over to the next when one has no numbers or is down. Production refuses `simulator` unless `DEMO_MODE=true`.',
    ),
  SIMULATOR_MIN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5_000)
    .describe('The offline simulator delivers an SMS code no sooner than this after a number is assigned…'),
  SIMULATOR_MAX_DELAY_MS: z.coerce.number().int().min(0).default(30_000).describe('…and no later than this.'),
  SIMULATOR_CATALOGUE: z
    .enum(['demo', 'market'])
    .default('demo')
    .describe(
      "What the simulator lists for the catalogue import: 'demo' the demo catalogue's 14 services × 13 countries, 'market' the market's size (530 services in all 243 countries with a calling code, about 129,000 products).",
    ),
  SIMULATOR_NO_SMS_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.05)
    .describe('Share of simulated numbers that never get an SMS (so expiry refunds can be seen).'),
  SIMULATOR_SECRET: z.string().min(16).optional().meta({
    description:
      'Signs simulated activation ids and derives the inbound webhook token of the simulator (16+ characters); set the same value in every process of a public demo.',
    whenUnset: 'built-in',
  }),
  UPSTREAM_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(10_000)
    .describe('Timeout of each call to an upstream number provider.'),
  SMS_ACTIVATE_BASE_URL: z
    .url()
    .optional()
    .describe(
      'An sms-activate protocol server (`handler_api.php`: HeroSMS, GrizzlySMS, SMSBower, SMSHub…); required when `NUMBER_PROVIDERS` lists `sms-activate`.',
    ),
  SMS_ACTIVATE_API_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('API key at that server; required when `NUMBER_PROVIDERS` lists `sms-activate`.'),
  SMS_ACTIVATE_NAME: z
    .string()
    .min(1)
    .default('sms-activate')
    .describe('The name that provider is stored under on each activation.'),
  FIVESIM_BASE_URL: z.url().default('https://5sim.net').describe('The 5sim REST API.'),
  FIVESIM_TOKEN: z
    .string()
    .min(1)
    .optional()
    .describe('5sim API token; required when `NUMBER_PROVIDERS` lists `5sim`.'),
  FIVESIM_OPERATOR: z.string().min(1).default('any').describe('The 5sim operator numbers are bought from.'),
  SMS_ACTIVATE_PUSH: envBool.meta({
    description:
      '`true`: that seller posts each SMS to the inbound webhook (polled every 10 s only as a safety net).',
    whenUnset: '`false`',
  }),
  NUMBER_WEBHOOK_TOKEN: z
    .string()
    .regex(/^[\w-]{24,128}$/)
    .optional()
    .describe(
      'Secret path token (24–128 letters, digits, `_` or `-`) of `POST /api/v1/providers/{provider}/sms/{token}`. Unset: only the simulator may post.',
    ),
  NUMBER_WEBHOOK_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .optional()
    .meta({
      description: 'Comma-separated addresses allowed to post to the inbound SMS webhook.',
      whenUnset: 'any address',
    }),
  SIMULATOR_PUSH: envBool.meta({
    description: 'The simulator posts each SMS to the store at its delivery time, as a pushing seller does.',
    whenUnset: '`true` (`false` under test)',
  }),
  SIMULATOR_PUSH_URL: z.url().optional().meta({
    description: 'Where the simulator posts its SMS (any API process of the store).',
    whenUnset: 'this process, over loopback',
  }),
  SMS_ACTIVATE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RUB')
    .describe('The currency the sms-activate seller prices in, for the synced upstream costs.'),
  FIVESIM_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('RUB')
    .describe('The currency 5sim prices in, for the synced upstream costs.'),
  CATALOG_IMPORT_NEW: z
    .enum(['review', 'sell'])
    .default('review')
    .describe(
      "What the hourly catalogue import does with services, countries and products new to the store: 'review' adds them off sale for staff to switch on, 'sell' puts them on sale at once.",
    ),
  CATALOG_IMPORT_MARKUP_PERCENT: z.coerce
    .number()
    .min(0)
    .max(1000)
    .default(100)
    .describe(
      "A new product's first price: its cheapest seller's cost plus this markup, ending in ,90 (pricing rules and staff reprice it later).",
    ),
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
    .optional()
    .meta({
      description:
        'JSON such as `{"RUB":{"BRL":0.06,"USD":0.011}}`: what a unit of a seller\'s currency is worth in BRL and USD, merged over rough built-in rates, to convert the upstream costs synced every 6 h (and on "Sync costs now"). Set it in production.',
      whenUnset: 'rough built-in rates',
    }),
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
    catalogImport: { newItems: e.CATALOG_IMPORT_NEW, markupPercent: e.CATALOG_IMPORT_MARKUP_PERCENT },
    timeoutMs: e.UPSTREAM_TIMEOUT_MS,
    simulator: {
      minDelayMs: e.SIMULATOR_MIN_DELAY_MS,
      maxDelayMs: e.SIMULATOR_MAX_DELAY_MS,
      noSmsRate: e.SIMULATOR_NO_SMS_RATE,
      catalogue: e.SIMULATOR_CATALOGUE,
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
