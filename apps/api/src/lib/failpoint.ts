/**
 * Failpoints: named places in the money path where the reliability suite makes the process fail, to
 * prove that a crash at that exact step loses nothing and doubles nothing.
 *
 * Switched on only by the environment, `FAILPOINTS=purchase.after-escrow:crash,topup.credit:error`:
 * - `crash` ends the process at once with SIGKILL (no shutdown hook, no reply, an open transaction is
 *   left for the database to roll back), as a power cut or an out-of-memory kill would;
 * - `error` throws, as a bug or a lost connection at that step would.
 * Unset (always in production, where config.ts refuses the variable and this ignores it), a failpoint
 * is one lookup in an empty map.
 */
export const FAILPOINT_NAMES = [
  'purchase.after-escrow',
  'purchase.after-upstream',
  'purchase.after-record',
  'activation.capture',
  'activation.refund',
  'topup.after-intent',
  'topup.after-provider',
  'topup.webhook-received',
  'topup.webhook-settled',
  'topup.credit',
] as const;
export type FailpointName = (typeof FAILPOINT_NAMES)[number];
export type FailpointAction = 'crash' | 'error';

/** Parses `name:action,name:action`; throws on an unknown name or action, so a typo is not a silent no-op. */
export function parseFailpoints(spec: string | undefined): Map<FailpointName, FailpointAction> {
  const points = new Map<FailpointName, FailpointAction>();
  for (const item of (spec ?? '').split(',').map((s) => s.trim())) {
    if (!item) continue;
    const [name = '', action = 'crash'] = item.split(':');
    if (!(FAILPOINT_NAMES as readonly string[]).includes(name))
      throw new Error(`FAILPOINTS: unknown failpoint "${name}"`);
    if (action !== 'crash' && action !== 'error')
      throw new Error(`FAILPOINTS: "${name}" takes crash or error, not "${action}"`);
    points.set(name as FailpointName, action);
  }
  return points;
}

export class FailpointError extends Error {
  constructor(readonly failpoint: FailpointName) {
    super(`failpoint ${failpoint}`);
    this.name = 'FailpointError';
  }
}

let active: Map<FailpointName, FailpointAction> | undefined;

/** Read once, at the first failpoint passed (config.ts has already refused a bad or production value). */
function activePoints(): Map<FailpointName, FailpointAction> {
  active ??= process.env.NODE_ENV === 'production' ? new Map() : parseFailpoints(process.env.FAILPOINTS);
  return active;
}

/** Fails here when the environment asks for it; otherwise does nothing. */
export function failpoint(name: FailpointName): void {
  const points = activePoints();
  if (points.size === 0) return;
  const action = points.get(name);
  if (!action) return;
  // Written synchronously: the suite reads it to know the process died at this step and no other.
  process.stderr.write(`failpoint ${name}: ${action}\n`);
  if (action === 'error') throw new FailpointError(name);
  process.kill(process.pid, 'SIGKILL');
}
