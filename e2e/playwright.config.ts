import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Each worker drives a store of its own: server i listens on BASE_PORT + 10 i with its own data folder
 * (E2E_DATA_DIR/i) and its own loopback SMTP port, so workers never see each other's customers, settings
 * or mail. The runner starts every server; a worker reads its index from TEST_PARALLEL_INDEX, which
 * Playwright sets in each worker process before this file is loaded there.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
// One worker per two cores: a worker's browser, store and axe keep more than a core busy. On a slower
// 2-core machine a second worker doubled every test's time, gained nothing and made 13 tests time out.
export const E2E_WORKERS = Number(
  process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)),
);
const portOf = (index: number) => BASE_PORT + 10 * index;
const port = portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export const baseURL = `http://localhost:${port}`;
/** The loopback SMTP server the e-mail specs start; this worker's store sends its mail there. */
export const E2E_SMTP_PORT = port + 1000;
export const E2E_ADMIN = { email: 'admin@e2e.numero.dev', password: 'e2e-admin-password-123' };
// The folder under which each server keeps its data (npm test names it, to check the ledgers after);
// set once by the runner, whose environment the workers inherit.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'numero-e2e-'));
const dataRoot = process.env.E2E_DATA_DIR;

const server = (index: number) => ({
  command: 'node --import tsx ../apps/api/src/server.ts',
  url: `http://localhost:${portOf(index)}/ready`,
  reuseExistingServer: false,
  // A clean stop closes the embedded database, so npm test can check the store's ledger afterwards.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  timeout: 120_000,
  stdout: 'pipe' as const,
  env: {
    PORT: String(portOf(index)),
    PUBLIC_URL: `http://localhost:${portOf(index)}`,
    DATA_DIR: join(dataRoot, String(index)),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // Codes arrive 3-5 s after a number is assigned, and always: the tests watch both a code and a cancel.
    SIMULATOR_MIN_DELAY_MS: '3000',
    SIMULATOR_MAX_DELAY_MS: '5000',
    SIMULATOR_NO_SMS_RATE: '0',
    // Every spec file signs up its own customers from this one address.
    REGISTRATIONS_PER_HOUR: '100',
    SMTP_URL: `smtp://127.0.0.1:${portOf(index) + 1000}`,
  },
});

export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    locale: 'pt-BR',
    // Recording a trace costs every test a sixth to a third of its time (DOM snapshots and screenshots at
    // each action) and is thrown away when the test passes: in CI a failed test is traced on its retry;
    // locally, where nothing is retried, a failure keeps the trace it recorded.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => server(i)),
});
