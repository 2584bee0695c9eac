// The benchmark's table (medians of the rounds beside their targets) and docs/performance.md, which keeps
// the last run on each database with the machine it ran on, between markers, inside a reference kept by
// hand (no journal: earlier runs are in git's history of the page).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { kib, measurePages } from '../scripts/page-budgets.mjs';
import { root } from './processes.ts';
import type { Endpoint } from './run.ts';

// Other work on the machine moves every figure: the run says how busy it was when it began and ended.
const loadAtStart = loadavg()[0]!;

export interface Measured {
  rps: number;
  p99: number;
  failures: number;
}

export interface Row {
  endpoint: Endpoint;
  store: Measured[];
  ceiling: Measured[];
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function verdict(row: Row, rows: Row[], kind: string): { target: string; pass: boolean | null } {
  const e = row.endpoint;
  const rps = median(row.store.map((m) => m.rps));
  const checks: { text: string; ok: boolean | null }[] = [];
  if (e.ratio)
    checks.push({
      text: `≥ ${e.ratio} of ceiling`,
      ok: rps / median(row.ceiling.map((m) => m.rps)) >= e.ratio,
    });
  if (e.relative) {
    const other = rows.find((r) => r.endpoint.name === e.relative!.of)!;
    const ok = rps / median(other.store.map((m) => m.rps)) >= e.relative.ratio;
    checks.push({ text: `≥ ${e.relative.ratio} × ${e.relative.of}`, ok });
  }
  if (e.p99Ms) {
    const ok = kind === 'postgres' ? median(row.store.map((m) => m.p99)) <= e.p99Ms : null;
    checks.push({ text: `p99 ≤ ${e.p99Ms} ms${kind === 'postgres' ? '' : ' (on PostgreSQL)'}`, ok });
  }
  const failures = row.store.some((m) => m.failures > 0);
  if (failures) checks.push({ text: 'no errors', ok: false });
  if (checks.length === 0) return { target: '—', pass: null };
  const decided = checks.filter((c) => c.ok !== null);
  return {
    target: checks.map((c) => c.text).join(', '),
    pass: decided.length ? decided.every((c) => c.ok) : null,
  };
}

const mark = (pass: boolean | null) => (pass === null ? '—' : pass ? 'pass' : '**FAIL**');

export function printTable(
  kind: string,
  rows: Row[],
  start: { first: { wall: number; cpu: number }; restarts: { wall: number; cpu: number }[] },
): string[] {
  const lines = [
    '| Request | store req/s | store p99 | ceiling req/s | ceiling p99 | store ÷ ceiling | target | result |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  ];
  if (rows.length === 0) lines.length = 0;
  for (const row of rows) {
    const s = median(row.store.map((m) => m.rps));
    const c = median(row.ceiling.map((m) => m.rps));
    const { target, pass } = verdict(row, rows, kind);
    const failures = row.store.reduce((n, m) => n + m.failures, 0);
    lines.push(
      `| \`${row.endpoint.name}\`${failures ? ` (${failures} errors)` : ''} | ${fmt(s)} | ${median(row.store.map((m) => m.p99))} ms | ${fmt(c)} | ${median(row.ceiling.map((m) => m.p99))} ms | ${(s / c).toFixed(2)} | ${target} | ${mark(pass)} |`,
    );
  }
  if (start.restarts.length > 0) {
    const wall = median(start.restarts.map((r) => r.wall));
    const cpu = median(start.restarts.map((r) => r.cpu));
    const startTarget = kind === 'pglite' ? 1_500 : null;
    lines.push(
      '',
      '| Start-up (spawn → first 200 on `/ready`) | wall ms | CPU ms | target | result |',
      '|---|---:|---:|---|---|',
      `| first start (creates the schema, seeds) | ${fmt(start.first.wall)} | ${fmt(start.first.cpu)} | — | — |`,
      `| start on a built tree with its data | ${fmt(wall)} | ${fmt(cpu)} | ${startTarget ? `≤ ${fmt(startTarget)} ms on PGlite` : '—'} | ${mark(startTarget ? wall <= startTarget : null)} |`,
    );
  }
  const dist = join(root, 'apps/web/dist');
  if (existsSync(join(dist, '.vite/manifest.json'))) {
    lines.push('', '| Page (initial JavaScript, gzipped) | size | target | result |', '|---|---:|---|---|');
    for (const p of measurePages(dist))
      lines.push(`| \`${p.page}\` | ${kib(p.bytes)} | ≤ ${kib(p.target)} | ${mark(p.withinTarget)} |`);
  }
  console.log(`${lines.join('\n')}\n`);
  return lines;
}

/** The machine a run measured, for a section's first line. */
export function machine(): string {
  const cpu = cpus();
  return (
    `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Linux ${release()}, Node ${process.versions.node}`
  );
}

export const loadNote = () =>
  `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`;

export function writeReport(
  kind: string,
  lines: string[],
  settings: { duration: number; rounds: number; connections: number; buyers: number; flood: number },
) {
  writeSection(kind, kind === 'postgres' ? 'PostgreSQL' : 'PGlite', [
    `Last run ${new Date().toISOString()} on ${machine()}; ` +
      `${settings.connections} connections, ${settings.duration} s per endpoint, medians of ${settings.rounds} rounds ` +
      `(purchases: ${settings.buyers.toLocaleString('en-US')} connections, one customer each; sign-in flood: ${settings.flood} connections); ` +
      `${loadNote()}.`,
    '',
    ...lines,
  ]);
}

/** Replaces the section between `<!-- bench:kind -->` markers in docs/performance.md, or appends it. */
export function writeSection(kind: string, heading: string, lines: string[]) {
  const file = join(root, 'docs/performance.md');
  const section = [`<!-- bench:${kind} -->`, `## ${heading}`, '', ...lines, `<!-- /bench:${kind} -->`].join(
    '\n',
  );
  // Used only when the page is missing: the reference around the sections (how to run, what each row
  // measures, the targets) is kept by hand in the page, and each run replaces only its own section.
  const header = [
    '# Performance',
    '',
    'What `npm run bench` measures, the targets, and the figures of its last run on each database. The',
    'sections between `<!-- bench:… -->` markers are written by the benchmark (`bench/report.ts`); the rest',
    "of this page is kept by hand. Earlier runs and what each round of fixes changed are in git's history of",
    'this file.',
    '',
  ].join('\n');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const pattern = new RegExp(`<!-- bench:${kind} -->[\\s\\S]*?<!-- /bench:${kind} -->`);
  text = pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, text);
  console.log(`Written to docs/performance.md (${kind}).`);
}
