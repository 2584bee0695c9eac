import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { baseURL, E2E_ADMIN } from '../playwright.config.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';

// A store selling the whole market, shopped as a customer would: the simulator lists its market-sized
// catalogue (SIMULATOR_CATALOGUE=market), an ADMIN imports it for sale, and a customer finds Telegram by
// a misspelt name and Germany by its Portuguese name, buys, and sees the code. The store is started by
// this file alone (its own port and data folder): the import takes half a minute.

// Beside this worker's store (baseURL's port), so that a run on another E2E_PORT stays clear of it.
const port = Number(new URL(baseURL).port) + 5;
const url = `http://localhost:${port}`;
const headers = { Origin: url };
let store: ChildProcess | undefined;
let dataDir = '';
/** What the store printed, for the error when it does not come up. */
let output = '';

async function ready(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the market store did not start on ${url}:\n${output.slice(-4_000)}`);
}

async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/v1/auth/login', { headers, form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('a store selling the whole market', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    // A first start creates the schema and the demo catalogue, on a machine busy with the other specs.
    test.setTimeout(180_000);
    dataDir = mkdtempSync(join(tmpdir(), 'numero-market-e2e-'));
    // From e2e/, as the other stores start, whatever folder the runner was started in.
    store = spawn('node', ['--import', 'tsx', '../apps/api/src/server.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        SIMULATOR_CATALOGUE: 'market',
        CATALOG_IMPORT_NEW: 'sell',
        SIMULATOR_MIN_DELAY_MS: '3000',
        SIMULATOR_MAX_DELAY_MS: '5000',
        SIMULATOR_NO_SMS_RATE: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    store.stdout?.on('data', keep);
    store.stderr?.on('data', keep);
    await ready();
  });

  test.afterAll(async () => {
    if (store && store.exitCode === null) {
      const exited = new Promise((r) => store!.once('exit', r));
      store.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('imported, searched with a typo, bought, the code on screen', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: url, locale: 'pt-BR' });
    const page = await context.newPage();
    // The ADMIN imports the seller's whole list, on sale at once.
    await signIn(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const imported = await page.request.post('/api/v1/admin/catalog/import', { headers, timeout: 180_000 });
    expect(imported.status(), await imported.text()).toBe(200);
    const all = await (await page.request.get('/api/v1/catalog/products?limit=1')).json();
    expect(all.total).toBeGreaterThan(100_000);
    await page.request.post('/api/v1/auth/logout', { headers });

    // A customer with R$ 50,00 from a sandbox PIX.
    const email = uniqueEmail('market');
    const registered = await page.request.post('/api/v1/auth/register', {
      headers,
      data: { email, password: PASSWORD, preferred_language: 'pt-BR', preferred_currency: 'BRL' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await signIn(page.request, email, PASSWORD);
    const intent = await page.request.post('/api/v1/wallets/payments/create-intent', {
      headers,
      data: { amount: 5_000, currency: 'BRL', method: 'pix' },
    });
    expect(intent.status(), await intent.text()).toBe(201);
    const { id } = await intent.json();
    expect((await page.request.post(`/api/v1/wallets/payments/${id}/simulate`, { headers })).ok()).toBe(true);

    // Hundreds of services: Telegram found by a misspelt name, Germany by its Portuguese one.
    await page.goto('/dashboard/products');
    await page.getByLabel('Buscar serviço').fill('telegrama');
    // Another service may match the typo too: Telegram's own entry is sold in hundreds of countries.
    const telegram = page.getByTestId('service-tg');
    await expect(telegram).toContainText(/\d{3} países/);
    await telegram.click();
    await page.getByLabel('Buscar país').fill('alemanha');
    const germany = page.getByTestId('country-DE');
    await expect(germany).toBeVisible();
    await germany.getByRole('button', { name: /Comprar número de Telegram em Alemanha/ }).click();
    await page.getByRole('button', { name: 'Confirmar compra' }).click();
    await expect(page).toHaveURL(/\/dashboard\/activations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('activation-code')).toHaveText(/^\d{4,8}$/, { timeout: 30_000 });
    await context.close();
  });
});
