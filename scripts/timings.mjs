// Prints where a test run's time went, from the files the timings reporters write under .timings/:
// the slowest Vitest files (import, set-up and test time), the slowest tests of both runners, and totals.
//   node scripts/timings.mjs [count]        (default 20)
import { existsSync, readFileSync } from 'node:fs';

const count = Number(process.argv[2] ?? 20);
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const table = (head, rows) => {
  console.log(`| ${head.join(' | ')} |\n|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log();
};

if (existsSync('.timings/vitest.json')) {
  const { files } = JSON.parse(readFileSync('.timings/vitest.json', 'utf8'));
  const total = (f) => f.importMs + f.setupMs + f.testsMs;
  const sum = (key) => files.reduce((a, f) => a + f[key], 0);
  console.log(
    `Vitest: ${files.length} files, ${files.reduce((a, f) => a + f.tests.length, 0)} tests; summed over workers: ` +
      `import ${s(sum('importMs'))}, set-up ${s(sum('setupMs'))}, tests ${s(sum('testsMs'))}\n`,
  );
  table(
    ['Slowest files', 'project', 'import', 'set-up', 'tests', 'total'],
    [...files]
      .sort((a, b) => total(b) - total(a))
      .slice(0, count)
      .map((f) => [f.file, f.project, s(f.importMs), s(f.setupMs), s(f.testsMs), s(total(f))]),
  );
  table(
    ['Slowest Vitest tests', 'file', 'time'],
    files
      .flatMap((f) => f.tests.map((t) => ({ ...t, file: f.file })))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count)
      .map((t) => [t.name.slice(0, 90), t.file, s(t.ms)]),
  );
}

if (existsSync('.timings/playwright.json')) {
  const report = JSON.parse(readFileSync('.timings/playwright.json', 'utf8'));
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        tests.push({
          name: spec.title,
          file: file ?? suite.file,
          ms: t.results.reduce((a, r) => a + r.duration, 0),
          tries: t.results.length,
        });
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of report.suites) walk(suite);
  const byFile = new Map();
  for (const t of tests) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.ms);
  console.log(
    `Playwright: ${tests.length} tests, ${s(report.stats.duration)} wall clock, ` +
      `${s(tests.reduce((a, t) => a + t.ms, 0))} summed over workers\n`,
  );
  table(
    ['Slowest spec files', 'summed time'],
    [...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([f, ms]) => [f, s(ms)]),
  );
  table(
    ['Slowest browser tests', 'file', 'time', 'tries'],
    tests
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count)
      .map((t) => [t.name.slice(0, 90), t.file, s(t.ms), String(t.tries)]),
  );
}
