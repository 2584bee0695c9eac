import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** The loopback SMTP server the e-mail specs start; the store sends its mail there. */
export const E2E_SMTP_PORT = port + 1000;
export const E2E_ADMIN = { email: 'admin@e2e.numero.dev', password: 'e2e-admin-password-123' };
// The runner and its workers all read this file; only the runner starts the server, with one fresh folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'numero-e2e-'));

export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx ../apps/api/src/server.ts',
    url: `${baseURL}/ready`,
    reuseExistingServer: false,
    // A clean stop closes the embedded database, so npm test can check the store's ledger afterwards.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // Codes arrive 3-5 s after a number is assigned, and always: the tests watch both a code and a cancel.
      SIMULATOR_MIN_DELAY_MS: '3000',
      SIMULATOR_MAX_DELAY_MS: '5000',
      SIMULATOR_NO_SMS_RATE: '0',
      // Every spec file signs up its own customers from this one address.
      REGISTRATIONS_PER_HOUR: '100',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
