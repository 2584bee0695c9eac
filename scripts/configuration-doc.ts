/**
 * Writes docs/configuration.md from the configuration schema (apps/api/src/config.ts and the provider
 * schemas it extends): each variable's default and description live beside its validation, and this page
 * is only their rendering. `npm run docs:config` rewrites it; scripts/configuration-doc.test.ts fails when
 * the committed page differs from what this would write.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { configSchema } from '../apps/api/src/config.ts';

export const DOC_PATH = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

/** A setting read outside the schema (by the supervisor or the web build), described here instead. */
interface OtherSetting {
  name: string;
  default: string;
  description: string;
}

const WEB_CONCURRENCY: OtherSetting = {
  name: 'WEB_CONCURRENCY',
  default: 'one per core',
  description:
    'Server processes `npm start` runs with `DATABASE_URL` (always one on the embedded PGlite); a crashed one is restarted after 1 s, doubling up to 30 s. Read by `apps/api/src/supervisor.ts`.',
};

const WEB_BUILD: OtherSetting[] = [
  {
    name: 'VITE_SUPPORT_EMAIL',
    default: '`suporte@numero.dev`',
    description:
      'Support address shown in the footers, the FAQ and the activation page. Read at build time by `apps/web/src/config/support.ts`.',
  },
  {
    name: 'VITE_SUPPORT_WHATSAPP',
    default: 'unset',
    description:
      'A phone number in international form: adds a WhatsApp support link (`https://wa.me/…`). Read at build time, like the address.',
  },
];

/** The page's sections, in the order a newcomer meets them; every schema key belongs to exactly one. */
const GROUPS: { title: string; keys: (string | OtherSetting)[] }[] = [
  {
    title: 'Server',
    keys: [
      'NODE_ENV',
      'DEMO_MODE',
      'PORT',
      'HOST',
      'PUBLIC_URL',
      'ALLOWED_ORIGINS',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'LOG_FORMAT',
      'METRICS_TOKEN',
      'WEB_DIST',
      WEB_CONCURRENCY,
      'RUN_JOBS',
      'WORKER_PORT',
    ],
  },
  {
    title: 'Database and shared state',
    keys: [
      'DATABASE_URL',
      'DATABASE_POOL_SIZE',
      'DATABASE_POOL_WAIT_MS',
      'DATABASE_POOL_IDLE_MS',
      'DATA_DIR',
      'REDIS_URL',
      'REDIS_KEY_PREFIX',
    ],
  },
  {
    title: 'Accounts and sign-in',
    keys: [
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'REQUIRE_STAFF_2FA',
      'REQUIRE_EMAIL_VERIFICATION',
      'REGISTRATIONS_PER_HOUR',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
    ],
  },
  { title: 'E-mail', keys: ['SMTP_URL', 'MAIL_FROM'] },
  {
    title: 'Capacity under load',
    keys: [
      'MAX_EVENT_LOOP_DELAY_MS',
      'SESSION_MEMORY_MS',
      'PASSWORD_HASH_CONCURRENCY',
      'PASSWORD_HASH_QUEUE',
      'PASSWORD_HASH_SHARE',
      'RESELLER_REQUESTS_PER_SECOND',
    ],
  },
  {
    title: 'Payments',
    keys: [
      'PAYMENT_PROVIDER',
      'PAYMENT_TIMEOUT_MS',
      'PIX_EXPIRY_MINUTES',
      'BOLETO_EXPIRY_DAYS',
      'TOPUP_MIN_BRL',
      'TOPUP_MAX_BRL',
      'TOPUP_MIN_USD',
      'TOPUP_MAX_USD',
      'TOPUP_RATE_LIMIT',
      'TOPUP_RATE_WINDOW_SECONDS',
      'SANDBOX_WEBHOOK_SECRET',
      'SANDBOX_WEBHOOK_DELAY_MS',
      'SANDBOX_PIX_KEY',
      'SANDBOX_MERCHANT_NAME',
      'SANDBOX_MERCHANT_CITY',
      'MERCADOPAGO_ACCESS_TOKEN',
      'MERCADOPAGO_WEBHOOK_SECRET',
      'MERCADOPAGO_PUBLIC_KEY',
      'MERCADOPAGO_PIX_PAYER_REQUIRED',
      'MERCADOPAGO_BASE_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_BASE_URL',
    ],
  },
  {
    title: 'Number providers',
    keys: [
      'NUMBER_PROVIDERS',
      'UPSTREAM_TIMEOUT_MS',
      'SIMULATOR_MIN_DELAY_MS',
      'SIMULATOR_MAX_DELAY_MS',
      'SIMULATOR_NO_SMS_RATE',
      'SIMULATOR_CATALOGUE',
      'SIMULATOR_SECRET',
      'SIMULATOR_PUSH',
      'SIMULATOR_PUSH_URL',
      'SMS_ACTIVATE_BASE_URL',
      'SMS_ACTIVATE_API_KEY',
      'SMS_ACTIVATE_NAME',
      'SMS_ACTIVATE_PUSH',
      'SMS_ACTIVATE_CURRENCY',
      'FIVESIM_BASE_URL',
      'FIVESIM_TOKEN',
      'FIVESIM_OPERATOR',
      'FIVESIM_CURRENCY',
      'UPSTREAM_RATES',
      'CATALOG_IMPORT_NEW',
      'CATALOG_IMPORT_MARKUP_PERCENT',
      'NUMBER_WEBHOOK_TOKEN',
      'NUMBER_WEBHOOK_ALLOW',
    ],
  },
  { title: 'Tests only', keys: ['FAILPOINTS'] },
  { title: 'Web build (read by `npm run build`)', keys: WEB_BUILD },
];

const HEAD = `# Configuration

<!-- Written by \`npm run docs:config\` (scripts/configuration-doc.ts) from the configuration schema in
apps/api/src/config.ts and the provider schemas it extends: edit the descriptions there, not here. -->

Numero reads its configuration from the environment once, at start-up. Every variable is optional: with
none set, \`npm start\` runs the offline demo (embedded PGlite, sandbox payments, simulated numbers). An
empty value counts as unset, and a bad value stops the start with the variable's name and the reason, as
do settings that only make sense together (the three \`OIDC_*\`, a provider listed without its keys, a
minimum above its maximum).

"The offline demo" below means demo mode (\`DEMO_MODE\`, on by default outside production) with sandbox
payments or simulated numbers in use; every page then shows a demo banner.
`;

const TAIL = `## Store settings

Some settings live in the database and win over the environment once saved: \`/admin/settings\`
(changed by an ADMIN, read by a MANAGER) holds the activation window (default 20 minutes), the
early-cancel window (default 0), purchases per customer per minute (10), the top-up minimum and maximum
per currency (from \`TOPUP_MIN_*\`/\`TOPUP_MAX_*\`), registrations per address per hour (from
\`REGISTRATIONS_PER_HOUR\`) and the test-payments ("pay now") and simulated-numbers switches;
\`/admin/sms\` holds the number providers' order and on/off switches. Every process re-reads them at most
2 s after a change, and each change is audited with its before and after. Payment provider keys can be
stored there too (write-only, shown masked); the running payment provider still takes its keys from the
environment.
`;

/** A generated line longer than this would break the docs' rule (no line over 400 characters). */
const MAX_LINE = 400;

interface Property {
  description?: string;
  default?: unknown;
  whenUnset?: string;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

function row(name: string, defaultText: string, description: string): string {
  const line = `| \`${name}\` | ${cell(defaultText)} | ${cell(description)} |`;
  if (line.length > MAX_LINE)
    throw new Error(`${name}: its row is ${line.length} characters; shorten its description`);
  return line;
}

/** The page for a configuration schema; throws when a key has no description or no section. */
export function renderConfigurationDoc(schema: z.ZodObject = configSchema): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const properties = (json.properties ?? {}) as Record<string, Property>;
  const placed = GROUPS.flatMap((g) => g.keys.filter((k) => typeof k === 'string'));
  const problems = [
    ...Object.keys(properties)
      .filter((k) => !placed.includes(k))
      .map((k) => `${k} has no section in scripts/configuration-doc.ts`),
    ...placed.filter((k) => !(k in properties)).map((k) => `${k} is not in the configuration schema`),
    ...Object.entries(properties)
      .filter(([, p]) => !p.description)
      .map(([k]) => `${k} has no description in the schema (add .describe('…'))`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));

  const sections = GROUPS.map(({ title, keys }) => {
    const rows = keys.map((key) => {
      if (typeof key !== 'string') return row(key.name, key.default, key.description);
      const p = properties[key]!;
      const defaultText = p.default !== undefined ? `\`${String(p.default)}\`` : (p.whenUnset ?? 'unset');
      return row(key, defaultText, p.description!);
    });
    return [
      `## ${title}`,
      '',
      '| Variable | Default | What it does |',
      '| --- | --- | --- |',
      ...rows,
      '',
    ].join('\n');
  });
  return [HEAD, ...sections, TAIL].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(DOC_PATH, renderConfigurationDoc());
  console.log(`wrote ${DOC_PATH}`);
}
