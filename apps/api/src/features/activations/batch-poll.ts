import type { NumberProvider, UpstreamStatus } from '../../providers/numbers/number-provider.ts';
import { checkEveryMs, later } from './check-schedule.ts';
import type { SmsChecksRepository } from './sms-checks.repository.ts';

/** Every activation of one seller a tick may claim: one call answers for all of them. */
const BATCH_LIMIT = 5_000;
const BACKOFF_FIRST_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;

/**
 * Polls sellers that can answer for all their activations at once (getActiveActivations): one call per
 * seller per tick, however many activations wait. A failing seller is left alone for a while that
 * doubles with each failure, so an outage or a ban is not hammered.
 */
export function createBatchPolling(deps: {
  providers: readonly NumberProvider[];
  checks: SmsChecksRepository;
  now: () => Date;
  warn: (err: unknown, msg: string, extra?: object) => void;
  record: (id: string, attempt: number, status: UpstreamStatus | null) => Promise<void>;
  checkLeaseMs: number;
}) {
  const { providers, checks, now } = deps;
  const failures = new Map<string, { count: number; until: number }>();

  async function pollOne(provider: NumberProvider): Promise<number> {
    const at = now();
    const failing = failures.get(provider.name);
    if (failing && failing.until > at.getTime()) return 0;
    const claimed = await checks.claimDue(at, later(at, deps.checkLeaseMs), BATCH_LIMIT, {
      only: [provider.name],
    });
    if (claimed.length === 0) return 0;
    let answer: Map<string, UpstreamStatus>;
    try {
      const list = await provider.getActiveActivations!();
      answer = new Map(list.map((a) => [a.upstreamId, a.status]));
      failures.delete(provider.name);
    } catch (err) {
      const count = (failing?.count ?? 0) + 1;
      const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (count - 1));
      failures.set(provider.name, { count, until: at.getTime() + wait });
      deps.warn(err, 'upstream batch status check failed', { provider: provider.name, backoffMs: wait });
      await checks.checkAgainAt(
        claimed.map((c) => c.id),
        later(at, wait),
      );
      return claimed.length;
    }
    // No news (still waiting, or not listed yet) is one statement; only news is written row by row.
    const quiet: string[] = [];
    for (const claim of claimed) {
      const status = answer.get(claim.upstream_id);
      if (!status || status.state === 'waiting') {
        quiet.push(claim.id);
        continue;
      }
      try {
        await deps.record(claim.id, claim.resend_count, status);
      } catch (err) {
        deps.warn(err, 'activation check failed', { activation: claim.id });
      }
    }
    await checks.checkAgainAt(quiet, later(at, checkEveryMs(providers, provider.name)));
    return claimed.length;
  }

  /** Polls every batch-capable seller once; returns how many activations the answers covered. */
  async function pollDue(): Promise<number> {
    let total = 0;
    for (const provider of providers) {
      if (!provider.getActiveActivations) continue;
      try {
        total += await pollOne(provider);
      } catch (err) {
        deps.warn(err, 'batch poll failed', { provider: provider.name });
      }
    }
    return total;
  }

  return { pollDue };
}
