import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { envBool } from './lib/env-bool.ts';
import { parseFailpoints } from './lib/failpoint.ts';
import { passwordWorkLimits } from './lib/password.ts';
import { numbersConfig, numbersEnv } from './providers/numbers/numbers.config.ts';
import { paymentsConfig, paymentsEnv } from './providers/payments/payments.config.ts';

const list = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .optional();

const base = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where `npm run worker` answers /health (on HOST). */
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  PUBLIC_URL: z.url().optional(),
  ALLOWED_ORIGINS: list,
  TRUST_PROXY: envBool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DATABASE_POOL_IDLE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST: z.string().optional(),
  ADMIN_EMAIL: z.email().default('admin@numero.local'),
  ADMIN_PASSWORD: z.string().min(12).max(128).optional(),
  RUN_JOBS: envBool,
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('numero:'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().max(512).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2048).optional(),
  DEMO_MODE: envBool,
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SESSION_MEMORY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  PASSWORD_HASH_SHARE: z.coerce
    .number()
    .positive('expected a share of one core above 0, such as 0.1')
    .max(availableParallelism(), `expected at most the number of cores (${availableParallelism()})`)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://host:port or smtps://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(3).max(254).default('Numero <no-reply@numero.local>'),
  REQUIRE_STAFF_2FA: envBool,
  REQUIRE_EMAIL_VERIFICATION: envBool,
  RESELLER_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(60),
  /** Test only (lib/failpoint.ts): refused in production. */
  FAILPOINTS: z.string().max(2000).optional(),
});
const schema = base.extend(numbersEnv.shape).extend(paymentsEnv.shape);

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; a bad key stops start-up with its name and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  let numbers: ReturnType<typeof numbersConfig>;
  let payments: ReturnType<typeof paymentsConfig>;
  try {
    numbers = numbersConfig(c);
    payments = paymentsConfig(c);
  } catch (err) {
    throw new Error(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  const oidcKeys = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET];
  // Half a sign-in provider is a mistake, not a choice: say so at start-up instead of at the first sign-in.
  if (oidcKeys.some(Boolean) && !oidcKeys.every(Boolean))
    throw new Error(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  const production = c.NODE_ENV === 'production';
  if (c.FAILPOINTS !== undefined) {
    if (production)
      throw new Error(
        'Invalid configuration:\n  FAILPOINTS makes the process fail on purpose: never in production',
      );
    try {
      parseFailpoints(c.FAILPOINTS);
    } catch (err) {
      throw new Error(`Invalid configuration:\n  ${(err as Error).message}`);
    }
  }
  // The offline demo (sandbox payments any customer can "pay", simulated numbers) is the default
  // everywhere but production, where it must be asked for by name.
  const demoMode = c.DEMO_MODE ?? !production;
  const offline = [
    ...(payments.provider === 'sandbox'
      ? ['PAYMENT_PROVIDER=sandbox lets any customer credit their own wallet']
      : []),
    ...(numbers.order.includes('simulator')
      ? ['NUMBER_PROVIDERS includes the simulator, which sells numbers nobody owns']
      : []),
  ];
  if (production && !demoMode && offline.length > 0)
    throw new Error(
      `Invalid configuration:\n${offline.map((o) => `  ${o}`).join('\n')}\n  Configure real providers for production, or set DEMO_MODE=true for a public demo.`,
    );
  const demo = demoMode && offline.length > 0;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  // Development servers (Vite on :5173, the API on 127.0.0.1) are never trusted origins in production.
  const devOrigins = production ? [] : [`http://127.0.0.1:${c.PORT}`, 'http://localhost:5173'];
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    workerPort: c.WORKER_PORT,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    allowedOrigins: c.ALLOWED_ORIGINS ?? [publicUrl, ...devOrigins],
    /** Sandbox payments or simulated numbers are in use: every page says so. */
    demo,
    /** `/metrics` answers only with this bearer token; without one, only outside production. */
    metricsToken: c.METRICS_TOKEN ?? null,
    /** New accounts one address may open per hour. */
    registrationsPerHour: c.REGISTRATIONS_PER_HOUR,
    /** Calls one API key may make to the reseller protocol per second. */
    resellerRequestsPerSecond: c.RESELLER_REQUESTS_PER_SECOND,
    trustProxy: c.TRUST_PROXY ?? false,
    /**
     * Past this event-loop lag new requests get 503 + Retry-After (0 = never shed). Off by default on the
     * embedded PGlite: it runs every query on this thread, so its lag is the database working, and a
     * single process has nowhere else to send the request.
     */
    maxEventLoopDelayMs: c.MAX_EVENT_LOOP_DELAY_MS ?? (c.DATABASE_URL ? 1000 : 0),
    /**
     * How long a process may answer a session from memory (0 = read it on every request). On by default
     * on PGlite only, where the database's change messages reach the process before the write returns;
     * PostgreSQL delivers them a moment after commit, so a request in that moment would miss a logout or
     * a role change made by another process.
     */
    sessionMemoryMs: c.SESSION_MEMORY_MS ?? (c.DATABASE_URL ? 0 : 5000),
    /**
     * argon2 hashes computed at once (half the cores by default, so a sign-in flood leaves the rest to
     * other requests), the share of a core they may take on average (a tenth by default: a flood is
     * paced, not just bounded) and how many may wait; past that a sign-in gets 503 + Retry-After at once.
     */
    passwordWork: passwordWorkLimits({
      concurrency: c.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: c.PASSWORD_HASH_QUEUE,
      share: c.PASSWORD_HASH_SHARE,
    }),
    logLevel: c.LOG_LEVEL,
    /** One readable line per event in development (npm start), JSON lines everywhere else. */
    logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === 'development' ? 'pretty' : 'json'),
    databaseUrl: c.DATABASE_URL,
    pool: { size: c.DATABASE_POOL_SIZE, waitMs: c.DATABASE_POOL_WAIT_MS, idleMs: c.DATABASE_POOL_IDLE_MS },
    dataDir: c.DATA_DIR,
    webDist: c.WEB_DIST,
    adminEmail: c.ADMIN_EMAIL.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    runJobs: c.RUN_JOBS ?? true,
    redis: c.REDIS_URL ? { url: c.REDIS_URL, prefix: c.REDIS_KEY_PREFIX } : null,
    numbers,
    payments,
    /** Outgoing e-mail; without an SMTP relay, messages stay in the database's outbox. */
    mail: { smtpUrl: c.SMTP_URL ?? null, from: c.MAIL_FROM },
    /** ADMIN and MANAGER must sign in with a second factor (off by default in the offline demo only). */
    requireStaff2fa: c.REQUIRE_STAFF_2FA ?? !demo,
    /** A self-registered customer confirms their address before the first sign-in (off in the offline demo). */
    requireEmailVerification: c.REQUIRE_EMAIL_VERIFICATION ?? !demo,
    /** OpenID Connect sign-in; null when not configured. */
    oidc:
      c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
        ? {
            issuer: c.OIDC_ISSUER.replace(/\/$/, ''),
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
          }
        : null,
  };
}
