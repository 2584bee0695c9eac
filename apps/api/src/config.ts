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
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`production` refuses the sandbox payment provider and the number simulator unless `DEMO_MODE=true`, trusts no development origin and hides `/metrics` without a token; `test` is for the test suites.',
    ),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('HTTP port for the API and the web app.'),
  HOST: z.string().default('127.0.0.1').describe('Interface to listen on (`0.0.0.0` in a container).'),
  WORKER_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3001)
    .describe(
      'Where `npm run worker` answers `GET /health` (on `HOST`): 200 while it runs its tasks, 503 while starting or while its database is out of reach.',
    ),
  PUBLIC_URL: z.url().optional().meta({
    description:
      'The address users reach; `https://…` turns on `Secure` cookies and HSTS. Unset: `http://localhost:$PORT`.',
    whenUnset: '`http://localhost:$PORT`',
  }),
  ALLOWED_ORIGINS: list.meta({
    description:
      'Origins allowed to send state-changing requests, comma-separated. Unset: `PUBLIC_URL`, plus `http://127.0.0.1:$PORT` and `http://localhost:5173` outside production.',
    whenUnset: '`PUBLIC_URL` (and development origins outside production)',
  }),
  TRUST_PROXY: envBool.meta({
    description:
      '`true`: read the client address from `X-Forwarded-For`, so rate limits see the client behind a load balancer. Only behind your own proxy.',
    whenUnset: '`false`',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level (`silent` to mute).'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional().meta({
    description:
      'How the server, the worker and their supervisor write their log: `pretty` is one readable line per event with local times, `json` one JSON object per line for a log collector. Unset: `pretty` in development (`npm start`), `json` otherwise.',
    whenUnset: '`pretty` in development, else `json`',
  }),
  DATABASE_URL: z.url().optional().meta({
    description:
      'PostgreSQL connection string. Unset: the embedded PGlite in `DATA_DIR`, which one process alone can open.',
    whenUnset: 'embedded PGlite',
  }),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(20)
    .describe('PostgreSQL connections per server process.'),
  DATABASE_POOL_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe(
      'How long a request waits for a free connection in a burst before it gets 503 with `Retry-After`.',
    ),
  DATABASE_POOL_IDLE_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(300_000)
    .describe(
      'How long a connection a burst opened stays idle before it is closed (with the statements it has prepared).',
    ),
  DATA_DIR: z.string().default('./data').describe("PGlite's data folder."),
  WEB_DIST: z
    .string()
    .optional()
    .meta({ description: 'Where the built web app is served from.', whenUnset: '`apps/web/dist`' }),
  ADMIN_EMAIL: z
    .email()
    .default('admin@numero.local')
    .describe('The admin account created by the first start.'),
  ADMIN_PASSWORD: z.string().min(12).max(128).optional().meta({
    description:
      'Its password (12–128 characters). Unset: one is generated and printed once, at the first start.',
    whenUnset: 'generated',
  }),
  RUN_JOBS: envBool.meta({
    description:
      'Run the background tasks in this process; `false` for API-only processes beside `npm run worker`.',
    whenUnset: '`true`',
  }),
  REDIS_URL: z
    .url()
    .optional()
    .describe(
      'Keep rate-limit counters in this Redis instead of PostgreSQL (both are shared by every API process; on the embedded PGlite they are counted in memory).',
    ),
  REDIS_KEY_PREFIX: z
    .string()
    .min(1)
    .max(64)
    .default('numero:')
    .describe('Prefix of those Redis keys, so several stores can share one Redis.'),
  OIDC_ISSUER: z
    .url()
    .optional()
    .describe(
      'OpenID Connect provider\'s issuer URL (its `/.well-known/openid-configuration` is read); register `PUBLIC_URL/auth-callback` as the redirect URI there. Unset: no "sign in with" button.',
    ),
  OIDC_CLIENT_ID: z
    .string()
    .max(512)
    .optional()
    .describe(
      "This store's client id at that provider. Set the three `OIDC_*` together: start-up refuses one without the others.",
    ),
  OIDC_CLIENT_SECRET: z
    .string()
    .max(2048)
    .optional()
    .describe(
      'Its client secret, sent with `client_secret_basic` (or `client_secret_post` when the provider offers only that).',
    ),
  DEMO_MODE: envBool.meta({
    description:
      'Allows sandbox payments and simulated numbers in production (a public demo); while either is in use every page shows a demo banner. Unset: `true` outside production, `false` in production.',
    whenUnset: '`true` outside production',
  }),
  METRICS_TOKEN: z
    .string()
    .min(16)
    .max(256)
    .optional()
    .describe(
      '`/metrics` answers only to `Authorization: Bearer <token>` (16+ characters). Unset: `/metrics` is served outside production only.',
    ),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(10)
    .describe(
      'New accounts one address may open per hour (then 429 with `Retry-After`), until an ADMIN saves another figure in `/admin/settings`.',
    ),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional().meta({
    description:
      "Past this event-loop lag new requests get 503 with `Retry-After` (load shedding); `0` turns it off. Off by default on the embedded PGlite, whose queries run on the server's own thread.",
    whenUnset: '`1000` with `DATABASE_URL`, `0` on PGlite',
  }),
  SESSION_MEMORY_MS: z.coerce.number().int().min(0).max(60_000).optional().meta({
    description:
      "How long a process answers a session cookie from memory; the database's change messages end it at a logout, deactivation or role change. Off by default on PostgreSQL, whose messages arrive a moment after the commit.",
    whenUnset: '`5000` on PGlite, `0` with `DATABASE_URL`',
  }),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional().meta({
    description:
      'argon2 hashes (sign-in, sign-up, password changes) computed at once, so a sign-in flood leaves the other cores to every other request.',
    whenUnset: 'half the cores, at least 1',
  }),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).optional().meta({
    description:
      'Hashes that may wait for a free slot and the `PASSWORD_HASH_SHARE` budget, a wait of at most queue × hash CPU time ÷ share (4–5 s by default); beyond that a sign-in gets 503 with `Retry-After: 1` at once. Keep it above the clients a flood holds open, so the flood is paced, not answered with 503s (which cost CPU too).',
    whenUnset: '`64` per hashing slot',
  }),
  PASSWORD_HASH_SHARE: z.coerce
    .number()
    .positive('expected a share of one core above 0, such as 0.1')
    .max(availableParallelism(), `expected at most the number of cores (${availableParallelism()})`)
    .optional()
    .meta({
      description:
        "Share of one core argon2 may take on average per process (above 0, at most the cores). Each hash's CPU time (6–8 ms on a 2-core test machine) draws on a budget refilled at this rate and holding 100 ms, so a flood is paced to 12–16 hashes a second (~45,000 sign-ins an hour). Raise it, or add processes, for faster sign-ins.",
      whenUnset: '`0.1`',
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://host:port or smtps://user:pass@host:port')
    .optional()
    .meta({
      description:
        'SMTP relay for e-mail (`smtp://user:pass@host:587`, `smtps://…:465`); a background task sends and retries with backoff. Unset: mail stays in the database outbox, shown at `/demo/outbox` in demo mode.',
      whenUnset: 'database outbox',
    }),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(254)
    .default('Numero <no-reply@numero.local>')
    .describe("Sender of the store's e-mail."),
  REQUIRE_STAFF_2FA: envBool.meta({
    description:
      'ADMIN and MANAGER must enrol a second factor (authenticator app) before reaching `/admin` and the staff API.',
    whenUnset: '`true` (`false` in the offline demo)',
  }),
  REQUIRE_EMAIL_VERIFICATION: envBool.meta({
    description:
      'A self-registered customer opens the link e-mailed to them before the first sign-in (the sign-in form offers a new link).',
    whenUnset: '`true` (`false` in the offline demo)',
  }),
  RESELLER_REQUESTS_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(60)
    .describe(
      "Calls one API key may make to `/stubs/handler_api.php` per second, purchases included (then HTTP 429 `TOO_MANY_REQUESTS` with `Retry-After`); the website's purchase limit does not apply to keys.",
    ),
  FAILPOINTS: z
    .string()
    .max(2000)
    .optional()
    .describe(
      'Test only: `name:crash` or `name:error` pairs, comma-separated, that make the money path fail at that step (`apps/api/src/lib/failpoint.ts`); refused in production.',
    ),
}); /** Every environment key, with its description (docs/configuration.md is generated from it). */
export const configSchema = base.extend(numbersEnv.shape).extend(paymentsEnv.shape);

export type Config = ReturnType<typeof loadConfig>;

/** Parses the environment once; a bad key stops start-up with its name and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = configSchema.safeParse(
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
