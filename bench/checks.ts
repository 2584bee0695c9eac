// Figures that are not "store against its ceiling": a throughput under another load against the same
// without it, one process against two, a verification's verdict, Lighthouse scores. Each beside its target.
import autocannon from 'autocannon';

export interface Check {
  name: string;
  figure: string;
  /** What the figure is compared with, when it is a ratio. */
  against?: string;
  target: string;
  /** null: not decided on this database (or only reported). */
  pass: boolean | null;
}

export const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export const mark = (pass: boolean | null) => (pass === null ? '—' : pass ? 'pass' : '**FAIL**');

export function checkTable(title: string, checks: Check[]): string[] {
  if (checks.length === 0) return [];
  return [
    '',
    `| ${title} | figure | compared with | target | result |`,
    '|---|---:|---|---|---|',
    ...checks.map((c) => `| ${c.name} | ${c.figure} | ${c.against ?? '—'} | ${c.target} | ${mark(c.pass)} |`),
  ];
}

export interface Load {
  rps: number;
  p99: number;
  failures: number;
}

/** A GET with the customer's cookie at `connections` for `durationS` seconds. */
export async function loadGet(
  url: string,
  cookie: string,
  connections: number,
  durationS: number,
): Promise<Load> {
  const r = await autocannon({ url, connections, duration: durationS, headers: { cookie } });
  return { rps: r.requests.average, p99: r.latency.p99, failures: r.non2xx + r.errors };
}
