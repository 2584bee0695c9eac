import type {
  ActiveActivation,
  NumberProvider,
  UpstreamStatus,
} from '../../providers/numbers/number-provider.ts';
import { checkEveryMs, later } from './check-schedule.ts';
import type { SmsChecksRepository } from './sms-checks.repository.ts';

const BACKOFF_FIRST_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;

/**
 * Polls sellers that can answer for all their activations at once (getActiveActivations): one call per
 * seller per turn (every tick for a seller that is polled, every 10 s for one that pushes), however many
 * activations wait, made by one process whichever processes run (the seller's row in batch_poll_turns).
 * A failing seller is left alone for a while that doubles with each failure, so an outage or a ban is
 * not hammered.
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
  /** Failures in a row, per seller: each doubles the wait before its next turn. */
  const failures = new Map<string, number>();

  async function pollOne(provider: NumberProvider): Promise<number> {
    const at = now();
    // One process per turn: the turn is kept while the seller may still be answering.
    if (!(await checks.takeBatchTurn(provider.name, at, later(at, deps.checkLeaseMs)))) return 0;
    let waitMs = checkEveryMs(providers, provider.name);
    try {
      if (!(await checks.anyDue(provider.name, at))) return 0;
      let list: ActiveActivation[];
      try {
        list = await provider.getActiveActivations!();
        failures.delete(provider.name);
      } catch (err) {
        const count = (failures.get(provider.name) ?? 0) + 1;
        failures.set(provider.name, count);
        waitMs = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (count - 1));
        deps.warn(err, 'upstream batch status check failed', { provider: provider.name, backoffMs: waitMs });
        return 0;
      }
      // Only news is read and written: an activation still waiting costs nothing.
      const answers = new Map(
        list.filter((a) => a.status.state !== 'waiting').map((a) => [a.upstreamId, a.status]),
      );
      const news = await checks.dueAmong(provider.name, [...answers.keys()], at);
      for (const check of news) {
        try {
          await deps.record(check.id, check.resend_count, answers.get(check.upstream_id)!);
        } catch (err) {
          deps.warn(err, 'activation check failed', { activation: check.id });
        }
      }
      return news.length;
    } finally {
      await checks.nextBatchTurn(provider.name, later(at, waitMs));
    }
  }

  /** Polls every batch-capable seller whose turn it is; returns how many activations had news. */
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
