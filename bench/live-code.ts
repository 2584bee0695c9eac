/**
 * npm run bench:live — the time from upstream having an SMS to its code being visible on the open
 * activation page, in a real browser (Debian's Chromium), over at least 20 purchases; then to a
 * reseller's webhook receiving it (bench/live-webhook.ts), over as many numbers bought by a bot.
 * The simulator delivers each SMS exactly BENCH_SMS_DELAY_MS after selling the number and pushes it to
 * the store's webhook. With DATABASE_URL the webhook goes to a second API process (its own PostgreSQL
 * connections and LISTEN), not the one serving the page; without it, PGlite in one process.
 * Talks only to 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seed } from '../apps/api/src/db/seed.ts';
import { queryRows } from '../apps/api/src/db/sql.ts';
import { createLedgerRepository } from '../apps/api/src/features/ledger/ledger.repository.ts';
import { createLedgerService } from '../apps/api/src/features/ledger/ledger.service.ts';
import { closedBaseUrl } from '../apps/api/src/providers/numbers/test-support.ts';
import { productId, topUp } from '../apps/api/src/test/activations-fixture.ts';
import { createTestDatabase } from '../apps/api/src/test/test-database.ts';
import { measureWebhooks } from './live-webhook.ts';
import { loadNote, machine, writeSection } from './report.ts';

const PURCHASES = Math.max(20, Number(process.env.BENCH_PURCHASES ?? 20));
const SMS_DELAY_MS = Number(process.env.BENCH_SMS_DELAY_MS ?? 4_000);
const ADMIN_PASSWORD = 'bench-password-1234';

const portOf = async () => Number(new URL(await closedBaseUrl()).port);
const pageUrl = `http://127.0.0.1:${await portOf()}`;

const database = await createTestDatabase();
await migrate(database);
await seed(database, { adminEmail: 'bench@numero.test', adminPassword: ADMIN_PASSWORD });
await database.db.execute(sql`UPDATE products SET stock = 100000`);

const shared = {
  NODE_ENV: 'production',
  DEMO_MODE: 'true',
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: 'bench@numero.test',
  ADMIN_PASSWORD,
  SIMULATOR_MIN_DELAY_MS: String(SMS_DELAY_MS),
  SIMULATOR_MAX_DELAY_MS: String(SMS_DELAY_MS),
  SIMULATOR_NO_SMS_RATE: '0',
  SIMULATOR_PUSH: 'true',
  REGISTRATIONS_PER_HOUR: '1000',
};

// With PostgreSQL the simulator posts to another process: the page learns of it through NOTIFY.
let receiver: ChildProcess | null = null;
let pushUrl: string | undefined;
if (database.url) {
  const port = await portOf();
  pushUrl = `http://127.0.0.1:${port}`;
  receiver = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
    cwd: `${import.meta.dirname}/..`,
    env: { ...process.env, ...shared, DATABASE_URL: database.url, PORT: String(port), RUN_JOBS: 'false' },
    stdio: 'ignore',
    // Its own process group: npx starts node as a child, and stopping npx alone would leave it running.
    detached: true,
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${pushUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the receiving API process did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The API of this process, selling numbers whose SMS the simulator pushes to `pushUrl` or to itself. */
async function startApi(url: string, env: Record<string, string> = {}) {
  const api = await buildApp({
    config: loadConfig({
      ...shared,
      ...env,
      PORT: new URL(url).port,
      PUBLIC_URL: url,
      ...(pushUrl ? { SIMULATOR_PUSH_URL: pushUrl } : {}),
    }),
    database,
    logger: false,
  });
  await api.listen({ port: Number(new URL(url).port), host: '127.0.0.1' });
  return api;
}
const app = await startApi(pageUrl);

const ledger = createLedgerService({ repository: createLedgerRepository(database.db) });
const wa = await productId(database, 'WA-BR');

/** A customer with money, signed in through the API at `base`; returns the session cookie. */
async function newCustomer(purchases: number, base = pageUrl): Promise<string> {
  const headers = { origin: base };
  const email = `bench-${randomUUID()}@numero.test`;
  const password = 'uma-senha-de-bench-bem-longa';
  await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, preferred_language: 'pt-BR', preferred_currency: 'BRL' }),
  });
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const [user] = await queryRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM users WHERE email = ${email}`,
  );
  await topUp(database, ledger, user!.id, wa.price * purchases);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}
// The store allows 10 purchases a minute per customer: a new customer every few purchases.
const PER_CUSTOMER = 8;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext();
const page = await context.newPage();
let cookie = '';

/** When upstream had the SMS: the simulator's sale time (inside its id) plus the fixed delay. */
function upstreamHadItAt(upstreamId: string): number {
  const fields = Buffer.from(upstreamId.split('.')[0]!, 'base64url').toString().split(':');
  return Number.parseInt(fields[3]!, 36) + SMS_DELAY_MS;
}

const latencies: number[] = [];
for (let i = 0; i < PURCHASES; i++) {
  if (i % PER_CUSTOMER === 0) {
    cookie = await newCustomer(PER_CUSTOMER);
    const cut = cookie.indexOf('=');
    await context.addCookies([{ name: cookie.slice(0, cut), value: cookie.slice(cut + 1), url: pageUrl }]);
  }
  const res = await fetch(`${pageUrl}/api/v1/activations`, {
    method: 'POST',
    headers: { origin: pageUrl, cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ product_id: wa.id, currency: 'BRL' }),
  });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`${pageUrl}/dashboard/activations/${id}`);
  // The moment the code element appears, by the browser's own clock (the same machine's).
  // (A string, not a function: tsx's name-keeping helpers do not exist in the page.)
  const visibleAt = await page.evaluate<number>(`new Promise((resolve) => {
    const seen = () => document.querySelector('[data-testid="activation-code"]');
    if (seen()) return resolve(Date.now());
    const observer = new MutationObserver(() => {
      if (!seen()) return;
      observer.disconnect();
      resolve(Date.now());
    });
    observer.observe(document.body, { childList: true, subtree: true });
  })`);
  const [row] = await queryRows<{ upstream_id: string }>(
    database.db,
    sql`SELECT upstream_id FROM activations WHERE id = ${id}`,
  );
  latencies.push(visibleAt - upstreamHadItAt(row!.upstream_id));
  if (process.env.BENCH_VERBOSE) console.log(`purchase ${i + 1}: ${latencies.at(-1)} ms`);
}

await browser.close();
await app.close();

// The reseller's webhook: an API outside production (see bench/live-webhook.ts), the same database.
const hookUrl = `http://127.0.0.1:${await portOf()}`;
const hookApi = await startApi(hookUrl, { NODE_ENV: 'development' });
const hooks = await measureWebhooks({
  baseUrl: hookUrl,
  database,
  newCustomer: (purchases) => newCustomer(purchases, hookUrl),
  upstreamHadItAt,
  purchases: PURCHASES,
  perCustomer: PER_CUSTOMER,
});
await hookApi.close();

/** Median, p95, best and worst of a sample, in ms. */
function spread(sample: number[]) {
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
  return { median: at(0.5), p95: at(0.95), best: sorted[0]!, worst: sorted.at(-1)! };
}
const onPage = spread(latencies);
const onHook = spread(hooks);
console.log(
  `Code after upstream has it — ${database.kind}${receiver ? ', SMS pushed to another process' : ''}, ` +
    `${PURCHASES} purchases each, SMS ${SMS_DELAY_MS} ms after the sale`,
);
console.table({ page: onPage, webhook: onHook });
const meets = (s: ReturnType<typeof spread>) => s.median <= 300 && s.p95 <= 800;
const row = (what: string, s: ReturnType<typeof spread>) =>
  `| ${what} | ${s.median} ms | ${s.p95} ms | ${s.best} ms | ${s.worst} ms | median ≤ 300 ms, p95 ≤ 800 ms | ${meets(s) ? 'pass' : '**FAIL**'} |`;
writeSection(
  `live-${database.kind}`,
  `Code on screen, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  [
    `Last run ${new Date().toISOString()} on ${machine()}; ${PURCHASES} purchases for each row, the simulator pushing each SMS ` +
      `${SMS_DELAY_MS} ms after the sale${receiver ? ' to another API process than the one holding the page or sending the webhook' : ''}; ` +
      `${loadNote()}.`,
    '',
    '| From upstream having the SMS to the code | median | p95 | best | worst | target | result |',
    '|---|---:|---:|---:|---:|---|---|',
    row('visible on the open activation page, Chromium', onPage),
    row(
      'at a reseller bot’s webhook (bought through `handler_api.php`; an API outside production, which may call loopback)',
      onHook,
    ),
  ],
);

if (receiver?.pid) process.kill(-receiver.pid, 'SIGTERM');
await database.close();
process.exit(0);
