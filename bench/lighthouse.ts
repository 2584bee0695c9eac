// Lighthouse (the npm package, its default mobile emulation and throttling) on `/`, `/login` and the
// signed-in `/dashboard`, driving the system's Chromium (CHROME_PATH, /usr/bin/chromium by default):
// nothing here downloads a browser. Each page is loaded BENCH_LIGHTHOUSE_RUNS times (5, what Lighthouse's
// documentation on variability advises) and the median load reported. BENCH_LIGHTHOUSE=0 skips it.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { fmt } from './checks.ts';
import { type BenchDatabase, freePort, signUpCustomer, startStore } from './processes.ts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/login', '/dashboard'] as const;
/** Loads of each page, of which the median one is reported. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

type LhResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const lighthouseEnabled = () => process.env.BENCH_LIGHTHOUSE !== '0';

interface Scores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The JavaScript the load fetched, as sent (compressed), in KiB. */
  scriptKiB: number;
  /** Where the page ended when not where it was asked for (a sign-in page instead of the dashboard). */
  endedAt: string | null;
  /** Lighthouse's measure of the machine's CPU speed during the load (higher is faster). */
  benchmarkIndex: number;
}

const meets = (s: Scores) =>
  s.endedAt === null &&
  s.performance >= 95 &&
  s.accessibility === 100 &&
  s.bestPractices >= 95 &&
  s.lcpMs <= 2_000 &&
  s.tbtMs <= 150 &&
  s.cls <= 0.05 &&
  (s.page !== '/' || s.scriptKiB <= 150);

/** Lighthouse's result for one load of `url`. */
async function audit(url: string, port: number, cookie: string | null): Promise<LhResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return result.lhr;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function scoresOf(url: string, lhr: LhResult): Omit<Scores, 'page'> {
  const { categories, audits, finalDisplayedUrl, environment } = lhr;
  const endedAt = new URL(finalDisplayedUrl).pathname;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = (audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scriptKiB:
      (requests ?? []).reduce(
        (sum, r) => sum + (r.resourceType === 'Script' ? (r.transferSize ?? 0) : 0),
        0,
      ) / 1024,
    endedAt: endedAt === new URL(url).pathname ? null : endedAt,
    benchmarkIndex: environment.benchmarkIndex,
  };
}

/** Lighthouse sometimes loses a page load's trace (NO_NAVSTART): that load is audited again, up to 3 times. */
async function auditWithRetries(url: string, port: number, cookie: string | null) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, cookie);
    } catch (err) {
      if (attempt === 3) throw err;
      console.log(`${(err as Error).message}; again`);
    }
  }
}

/**
 * RUNS loads of the page and Lighthouse's own choice of the median one (closest to the median first
 * paint and time to interactive), as Lighthouse's documentation advises for a machine whose load varies.
 */
async function auditMedian(url: string, port: number, cookie: string | null) {
  const runs: LhResult[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetries(url, port, cookie));
  return scoresOf(url, computeMedianRun(runs));
}

/** Starts a store of its own, audits the three pages one after the other, and stops it. */
export async function measureLighthouse(database: BenchDatabase): Promise<string[]> {
  if (!existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME} (set CHROME_PATH)`);
  const store = await startStore(database, await freePort());
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
  const scores: Scores[] = [];
  try {
    const cookie = await signUpCustomer(store.url);
    for (const page of PAGES) {
      const s = await auditMedian(store.url + page, chrome.port, page === '/dashboard' ? cookie : null);
      scores.push({ page, ...s });
      console.log(`lighthouse ${page} done`);
    }
  } finally {
    chrome.kill();
    await store.stop();
  }
  const speeds = scores.map((s) => fmt(s.benchmarkIndex)).join(', ');
  const lines = [
    '',
    `Lighthouse's benchmark index of this machine in the reported loads: ${speeds} (higher is faster). The simulated mobile CPU is this machine's slowed 4×, the factor Lighthouse's throttling calculator gives for an index of about 1,500; a slower machine is slowed 4× all the same.`,
    '',
    `| Lighthouse (mobile), median of ${RUNS} loads | performance | accessibility | best practices | LCP | TBT | CLS | JavaScript | result |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    '| target | ≥ 95 | 100 | ≥ 95 | ≤ 2.0 s | ≤ 150 ms | ≤ 0.05 | `/` ≤ 150 KiB | |',
    ...scores.map(
      (s) =>
        `| \`${s.page}\`${s.page === '/dashboard' ? ' (signed in)' : ''}${s.endedAt ? ` (ended at \`${s.endedAt}\`)` : ''} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${(s.lcpMs / 1000).toFixed(1)} s | ${fmt(s.tbtMs)} ms | ${s.cls.toFixed(3)} | ${s.scriptKiB.toFixed(1)} KiB | ${meets(s) ? 'pass' : '**FAIL**'} |`,
    ),
  ];
  return lines;
}
