// npm test: the build, unit and API tests (Vitest), then the browser tests (Playwright driving Debian's
// Chromium). Where the time went is written under .timings/ (node scripts/timings.mjs prints it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'numero-test-'));
const timings = join(root, '.timings');
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Runs one step and prints how long it took. */
const run = (label, cmd, args, env = {}) => {
  const started = Date.now();
  const status =
    spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  console.log(`\n--- ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return status;
};

const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

// The build first: the browser tests serve it, and the page budgets' test weighs it instead of building
// the web app a second time.
const built = run('build', 'npm', ['run', 'build']) === 0;
failed ||= !built;

const vitestReport = join(reports, 'vitest.json');
failed ||=
  run(
    'Vitest',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=./scripts/timings-reporter.ts',
      '--reporter=json',
      `--outputFile=${vitestReport}`,
    ],
    {
      TIMINGS_FILE: join(timings, 'vitest.json'),
      ...(built ? { PAGE_BUDGETS_DIST: join(root, 'apps/web/dist') } : {}),
    },
  ) !== 0;
if (existsSync(vitestReport)) {
  const r = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

if (!existsSync(chromium)) {
  const how = 'Browser tests need Chromium: apt-get install -y chromium (or set CHROME_PATH).';
  if (process.env.CI) {
    console.error(`${how} In CI a missing browser is a failure.`);
    failed = true;
  } else {
    console.warn(`${how} Skipping the browser tests.`);
  }
} else {
  const e2eReport = join(timings, 'playwright.json');
  rmSync(e2eReport, { force: true });
  const e2eData = mkdtempSync(join(tmpdir(), 'numero-e2e-'));
  failed ||=
    run('Playwright', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      E2E_DATA_DIR: e2eData,
    }) !== 0;
  // Every top-up, purchase, capture and refund the browser tests made must leave the books balanced, in
  // the store of each worker.
  for (const store of readdirSync(e2eData)) {
    console.log(`\nChecking the ledger the browser tests left behind in store ${store}:`);
    failed ||=
      run(
        `ledger of store ${store}`,
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/features/ledger/ledger-verify-cli.ts'],
        {
          DATA_DIR: join(e2eData, store),
          DATABASE_URL: '',
        },
      ) !== 0;
  }
  if (existsSync(e2eReport)) {
    const s = JSON.parse(readFileSync(e2eReport, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
