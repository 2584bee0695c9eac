/**
 * A Vitest reporter that writes where a run's time went: every test file with its import (collect),
 * set-up and test time, and every test's own duration, as JSON to TIMINGS_FILE (default
 * .timings/vitest.json). `node scripts/timings.mjs` prints the slowest of them; docs/testing.md holds a run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class TimingsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return {
        project: m.project.name,
        file: m.relativeModuleId,
        importMs: Math.round(d.collectDuration),
        setupMs: Math.round(d.setupDuration + d.environmentSetupDuration + d.prepareDuration),
        testsMs: Math.round(d.duration),
        tests: [...m.children.allTests()].map((t) => ({
          name: t.fullName,
          ms: Math.round(t.diagnostic()?.duration ?? 0),
          state: t.result().state,
        })),
      };
    });
    const out = resolve(process.env.TIMINGS_FILE ?? '.timings/vitest.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), files }, null, 1)}\n`);
  }
}
