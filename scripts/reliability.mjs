// npm run test:reliability: the reliability suite (apps/api/src/reliability) on PGlite and, when one
// answers, on PostgreSQL; then the scan of everything the store's processes logged meanwhile for
// secrets; then docs/reliability.md from what the runs recorded.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'numero-reliability-'));
const logs = mkdtempSync(join(tmpdir(), 'numero-reliability-logs-'));
const postgresUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    const answer = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });

const run = (databaseUrl, env = {}, tests = 'src/reliability') =>
  spawnSync('npx', ['vitest', 'run', '--project', 'reliability', tests], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RELIABILITY_REPORT_DIR: reports,
      RELIABILITY_LOG_DIR: logs,
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100',
      ...env,
    },
  }).status ?? 1;

let failed = run('') !== 0;
const withPostgres = await reachable(postgresUrl);
if (withPostgres) failed = run(postgresUrl) !== 0 || failed;
else console.warn(`PostgreSQL does not answer at ${postgresUrl}: the multi-process part did not run.`);
// Last, when every process has written its log: logs.test.ts reads them all.
if (withPostgres)
  failed = run('', { RELIABILITY_SCAN_LOGS: '1' }, 'src/reliability/logs.test.ts') !== 0 || failed;

const records = existsSync(reports)
  ? readdirSync(reports).map((f) => JSON.parse(readFileSync(join(reports, f), 'utf8')))
  : [];
const fuzz = records.filter((r) => r.name === 'route-fuzz');
const processes = records.filter((r) => r.name === 'processes');
const upstream = records.filter((r) => r.name === 'upstream-faults');
const failpoints = records.filter((r) => r.name === 'failpoints');
const outage = records.filter((r) => r.name === 'database-outage');
const slowSeller = records.filter((r) => r.name === 'slow-seller-kill');
const logScan = records.filter((r) => r.name === 'log-scan');
const moneyLost = records.reduce((s, r) => s + (r.moneyLost ?? 0), 0);

/** A list item wrapped at 110 characters, its next lines indented: no line of the page runs long. */
function item(text, width = 110) {
  const out = [];
  let line = '';
  for (const word of `- ${text}`.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = `  ${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...out, line];
}

const lines = [
  '# Reliability',
  '',
  'Written by `npm run test:reliability` from what its last run did (the same tests run, with fewer cases,',
  'in `npm test` and in the PostgreSQL pass of CI). Machine: ' +
    `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; ${new Date().toISOString().slice(0, 16)} UTC.`,
  '',
  `**Money lost: ${moneyLost} cents** (the sum over every customer of what the wallet should hold, from the`,
  'activations and payments themselves, minus what it holds). Result: ' +
    (failed ? '**FAILED**' : 'passed') +
    '.',
  '',
  '## Every route fuzzed (`route-fuzz.test.ts`)',
  '',
  'Random path parameters, query strings, bodies (JSON, form, text, none) and headers, with fast-check, sent',
  'anonymously, as a customer with money and as an admin. Never a 5xx; no balance changes; the ledger verifies.',
  '',
  '| database | routes | cases | answers by status |',
  '|---|---|---|---|',
  ...fuzz.map(
    (r) =>
      `| ${r.driver} | ${r.routes} | ${r.cases} | ${Object.entries(r.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')} |`,
  ),
  '',
  '## Two API processes and a worker under faults (`processes.test.ts`, PostgreSQL)',
  '',
  'Purchases (some retried with the same key on the other process), cancels, finishes and PIX top-ups',
  'from 8 concurrent clients spread over both API processes, while faults are injected. Afterwards: no',
  'purchase left half-done, each activation paid once and captured or refunded as its status says, escrow',
  'equal to the open activations, every paid top-up credited once, every wallet as expected, the ledger',
  'balanced, both processes serving, and no answer was a 500 (a request caught by a cut connection gets',
  '503 with Retry-After).',
  '',
  ...processes.flatMap((r) => [
    ...item(
      `${r.seconds} s of load, ${r.processes}, ${r.operations} operations, ${r.invariantChecks} invariant checks, money lost ${r.moneyLost}.`,
    ),
    ...item(`Faults: ${r.faults.join('; ')}.`),
    ...item(
      `Answers: ${Object.entries(r.counts)
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')}.`,
    ),
  ]),
  ...(processes.length ? [] : ['Not run: PostgreSQL did not answer.']),
  '',
  '## A crash at each step of a purchase and a top-up (`failpoints.test.ts`, PostgreSQL)',
  '',
  'The store runs as a real process with one failpoint (`apps/api/src/lib/failpoint.ts`, `FAILPOINTS=name:crash`,',
  'refused in production) set to kill it with SIGKILL at that step; the customer does what reaches it, the',
  'process dies there and is started again. Right after each restart the money adds up; once the recovery',
  'tasks have run, every purchase is settled once, every paid top-up credited once, the number sold before a',
  'crash is cancelled at the seller, no purchase is left pending, the ledger verifies and the store serves.',
  '',
  ...failpoints.flatMap((r) => [
    ...item(
      `${r.crashes.length} faults injected (one crash per failpoint), ${r.restarts} restarts, ${r.invariantChecks} invariant checks, money lost ${r.moneyLost}; ${r.seconds} s in all, of which ${r.recoverySeconds} s waiting for the recovery tasks.`,
    ),
    '',
    '| failpoint | the crash hit | after the restart | s |',
    '|---|---|---|---|',
    ...r.crashes.map(
      (c) => `| \`${c.failpoint}\` | ${c.operation} | ${c.afterRestart} | ${Math.round(c.seconds)} |`,
    ),
  ]),
  ...(failpoints.length ? [] : ['Not run: PostgreSQL did not answer.']),
  '',
  '## PostgreSQL stopped under load (`database-outage.test.ts`, PostgreSQL)',
  '',
  'Two API processes and the worker reach PostgreSQL through a proxy that plays an outage as they see one:',
  'every connection cut, every new one refused. Customers keep buying and a bot keeps polling',
  '`handler_api.php`; the numbers bought before the outage run out during it. Afterwards the worker is the',
  'same process (it paused its tasks, said so once on its log and on `/health`, and resumed them), every',
  'expired number is refunded, the ledger verifies, and no request got a 500.',
  '',
  ...outage.flatMap((r) => [
    ...item(
      `Outage ${r.outageSeconds} s, ${r.processes}; ${r.numbersExpiredDuringOutage} numbers expired during it, all refunded ${(r.refundedWithinMs / 1000).toFixed(1)} s after PostgreSQL came back; ${r.invariantChecks} invariant checks, money lost ${r.moneyLost}.`,
    ),
    ...item(
      `Answers: ${Object.entries(r.counts)
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')}.`,
    ),
  ]),
  ...(outage.length ? [] : ['Not run: PostgreSQL did not answer.']),
  '',
  '## A purchase killed while the seller is slow (`slow-seller-kill.test.ts`, PostgreSQL)',
  '',
  'The seller sells at once but answers late; the API process is killed (SIGKILL) while it waits. The',
  'worker refunds the interrupted purchase once it is stale (a minute), finds the order at the seller by',
  'our id and cancels it there: nobody pays for a number nobody got, and no second number is bought.',
  '',
  ...slowSeller.flatMap((r) =>
    item(
      `The seller answered after ${r.sellerAnswersAfterMs / 1000} s; its number was cancelled at the seller ${Math.round(r.cancelledAtSellerAfterMs / 1000)} s after the purchase; money lost ${r.moneyLost}.`,
    ),
  ),
  ...(slowSeller.length ? [] : ['Not run: PostgreSQL did not answer.']),
  '',
  '## No secret in the logs (`logs.test.ts`)',
  '',
  'Every store process the suite started logged at `info` (every request) into files; the last test reads',
  "them all for each secret the suite handed out (API keys, passwords, session cookies, the seller's key,",
  'webhook secrets), the SHA-256 of each, credentials in a query string, and any logged URL with a query.',
  '',
  ...logScan.flatMap((r) =>
    item(`${r.files} log files, ${r.lines} lines, ${r.secrets} secrets looked for: ${r.leaks.length} found.`),
  ),
  ...(logScan.length ? [] : ['Not run: PostgreSQL did not answer.']),
  '',
  '## The upstream seller failing (`upstream-faults.test.ts`)',
  '',
  'An sms-activate protocol seller on loopback stalls past the timeout, answers 502, answers garbage and',
  'drops the connection while customers buy: each purchase is served by the next provider, never a 5xx.',
  'A code arriving for a number already refunded charges nothing.',
  '',
  '| database | answers | invariant checks | money lost |',
  '|---|---|---|---|',
  ...upstream.map(
    (r) =>
      `| ${r.driver} | ${Object.entries(r.answers)
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')} | ${r.invariantChecks} | ${r.moneyLost} |`,
  ),
  '',
];
writeFileSync(join(root, 'docs/reliability.md'), lines.join('\n'));
console.log(`docs/reliability.md written; money lost: ${moneyLost}`);
process.exit(failed || moneyLost !== 0 ? 1 : 0);
