import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Files that replace a module (vi.mock) or reload modules (vi.resetModules): they need a module graph of
// their own, so they run in isolation; every other API file shares its worker's (docs/testing.md).
const API_ISOLATED = [
  'src/features/auth/auth.routes.test.ts',
  'src/lib/failpoint.test.ts',
  'src/features/activations/reuse.two-stores.test.ts',
];
// The reliability suite is a project of its own so that a run can leave it out (CI's PostgreSQL pass does:
// npm run test:reliability runs it there); npm test runs it with the rest.
const RELIABILITY = ['src/reliability/**/*.test.ts'];

const api = {
  root: 'apps/api',
  environment: 'node',
  // The seeded database every API file copies, made once for the run (src/test/global-setup.ts).
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // API tests spend much of their time waiting on the embedded database and on argon2's threads:
    // one worker more than the cores keeps both cores busy (measured in docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        // The app is imported once per worker, not once per file: each file still builds its own app on
        // its own database, so no state is shared between files but the modules' code.
        test: {
          ...api,
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: [...API_ISOLATED, ...RELIABILITY],
          isolate: false,
        },
      },
      { test: { ...api, name: 'reliability', include: RELIABILITY, isolate: false } },
      { test: { ...api, name: 'api-isolated', include: API_ISOLATED } },
      {
        // Pure functions and schemas: nothing to keep apart between files, so one module graph per worker.
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], isolate: false },
      },
      {
        test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'] },
      },
      {
        // One DOM per worker, each file still in a context of its own (vi.mock and module state included).
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          pool: 'vmThreads',
          // A screen test waits on its answers one after another: room for a busy machine.
          testTimeout: 15_000,
          setupFiles: ['src/testing/setup-i18n.ts', 'src/testing/setup-network.ts'],
        },
      },
    ],
  },
});
