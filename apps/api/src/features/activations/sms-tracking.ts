import type { Tx } from '../../db/client.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import { providerByName } from '../../providers/numbers/failover.ts';
import type { UpstreamStatus } from '../../providers/numbers/number-provider.ts';
import type { ActivationRow, ClaimedCheck } from './activations.repository.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { createBatchPolling } from './batch-poll.ts';
import { CHECK_EVERY_MS, checkEveryMs, later } from './check-schedule.ts';
import type { InterruptedPurchases } from './interrupted-purchases.ts';
import { activationEvent, type Settlement } from './settlement.ts';
import { createSmsChecksRepository } from './sms-checks.repository.ts';
import type { Upstream } from './upstream.ts';

/** After a failed check (timeout, outage), wait a little longer before asking again. */
const CHECK_BACKOFF_MS = 5_000;
/** A purchase still pending after this long lost its request (a crash, a restart): it is refunded. */
export const STALE_PENDING_MS = 60_000;
const BATCH = 50;
const UPSTREAM_CONCURRENCY = 8;

/**
 * The background work: asking upstream for codes, ending activations past their 20 minutes, refunding
 * purchases a crash left pending. Upstream is asked outside any transaction; its answer is written
 * under the row lock.
 */
export function createSmsTracking(
  deps: Pick<
    ActivationsDeps,
    'db' | 'repository' | 'providers' | 'now' | 'upstreamTimeoutMs' | 'onSmsReceived' | 'events'
  > & {
    settlement: Settlement;
    upstream: Pick<Upstream, 'warn' | 'bestEffort' | 'upstreamOf'>;
    interrupted: Pick<InterruptedPurchases, 'scheduleRelease' | 'releaseDue'>;
  },
) {
  const { db, repository, providers, now } = deps;
  const checks = createSmsChecksRepository(db);
  // Sellers that answer for all their activations in one call are polled apart (batch-poll.ts).
  const batched = providers.filter((p) => p.getActiveActivations).map((p) => p.name);
  const oneByOne = providers.filter((p) => !p.getActiveActivations).map((p) => p.name);
  const { refund, capture } = deps.settlement;
  const { warn, bestEffort, upstreamOf } = deps.upstream;
  // A claimed check is not handed to another worker while the provider may still be answering it.
  const checkLeaseMs = 2 * (deps.upstreamTimeoutMs ?? 10_000) + 5_000;

  /** Writes what upstream said about one activation, re-checking its state under the row lock. */
  async function applyCheck(
    tx: Tx,
    row: ActivationRow,
    attempt: number,
    status: UpstreamStatus | null,
    at: Date,
  ) {
    const awaiting =
      row.status === 'waiting_sms' || (row.status === 'code_received' && row.nextCheckAt !== null);
    const checkAgain = (ms: number) => repository.update(row.id, { nextCheckAt: later(at, ms) }, tx);
    if (status === null) {
      if (awaiting) await checkAgain(CHECK_BACKOFF_MS);
      return;
    }
    if (status.state === 'waiting') {
      if (awaiting) await checkAgain(checkEveryMs(providers, row.provider));
      return;
    }
    if (status.state === 'code') {
      const sms = { activationId: row.id, attempt, text: status.text, code: status.code, receivedAt: at };
      // A resend was asked for after this check was claimed: the answer is about the previous SMS.
      if (row.resendCount !== attempt) {
        if (awaiting) await checkAgain(0);
        return;
      }
      if (row.status === 'waiting_sms') {
        await repository.insertMessage({ ...sms, delivered: true }, tx);
        await capture(tx, row, status, at);
        await deps.onSmsReceived?.(tx, sms);
        return;
      }
      if (awaiting) {
        // Some sellers keep showing the previous SMS until the new one arrives.
        if (status.code === row.code && status.text === row.smsText) {
          await checkAgain(CHECK_EVERY_MS);
          return;
        }
        await repository.insertMessage({ ...sms, delivered: true }, tx);
        await repository.update(
          row.id,
          { code: status.code, smsText: status.text, nextCheckAt: null, updatedAt: at },
          tx,
        );
        await deps.onSmsReceived?.(tx, sms);
        await deps.events?.record(
          tx,
          row.userId,
          'activation',
          activationEvent(row.id, { status: row.status, code: status.code }),
        );
        return;
      }
      // Too late: the price went back to the wallet, so the SMS is kept for the record but not shown.
      if (row.settled === 'refunded') await repository.insertMessage({ ...sms, delivered: false }, tx);
      return;
    }
    // Upstream ended the activation itself.
    if (row.status === 'waiting_sms') await refund(tx, row, 'cancelled', at);
    else if (awaiting) await repository.update(row.id, { nextCheckAt: null, updatedAt: at }, tx);
  }

  /**
   * Writes what upstream said (polled or pushed) about one activation under its row lock. `attempt` is
   * the resend the answer is about; a pushed SMS is about the activation's current one.
   */
  async function record(id: string, attempt: number | 'current', status: UpstreamStatus | null) {
    await db.transaction(async (tx) => {
      const row = await repository.lock(id, tx);
      if (row) await applyCheck(tx, row, attempt === 'current' ? row.resendCount : attempt, status, now());
    });
  }

  /** What upstream says about a claimed activation; null when it could not be asked. */
  async function ask(claim: ClaimedCheck): Promise<UpstreamStatus | null> {
    try {
      return await providerByName(providers, claim.provider).getStatus(claim.upstream_id, {
        attempt: claim.resend_count,
      });
    } catch (err) {
      warn(err, 'upstream status check failed', { activation: claim.id });
      return null;
    }
  }

  async function checkOne(claim: ClaimedCheck) {
    await record(claim.id, claim.resend_count, await ask(claim));
  }

  const batches = createBatchPolling({ providers, checks, now, warn, record, checkLeaseMs });

  /**
   * Asks upstream about the activations whose check is due, oldest first, one batch per run; returns how
   * many were checked. Past ~50 due a second in a process, each is asked less often than its pace, all
   * alike. Working through every due batch in one run was tried and measured (decision 0012): it kept
   * the pace but took the embedded database's purchases from 0.78 to 0.69 of their ceiling.
   */
  async function checkDue(): Promise<number> {
    const at = now();
    const inBatches = batched.length > 0 ? await batches.pollDue() : 0;
    const leaseUntil = later(at, checkLeaseMs);
    const claimed = await checks.claimDue(at, leaseUntil, BATCH, oneByOne);
    // An activation still waiting needs no lock: those are planned again together, per seller's pace.
    const waiting = new Map<number, string[]>();
    await forEachLimited(claimed, UPSTREAM_CONCURRENCY, async (claim) => {
      try {
        const status = await ask(claim);
        if (status?.state !== 'waiting') return await record(claim.id, claim.resend_count, status);
        const every = checkEveryMs(providers, claim.provider);
        if (!waiting.has(every)) waiting.set(every, []);
        waiting.get(every)!.push(claim.id);
      } catch (err) {
        // One bad row must not stop the batch; its lease runs out and it is checked again.
        warn(err, 'activation check failed', { activation: claim.id });
      }
    });
    for (const [every, ids] of waiting) await checks.checkAgainAt(ids, leaseUntil, later(at, every));
    return inBatches + claimed.length;
  }

  /**
   * Ends activations past their 20 minutes: one still waiting is refunded and cancelled upstream, one
   * with a code is finished. Returns how many ended.
   */
  async function expireDue(): Promise<number> {
    const followUps: { row: ActivationRow; action: 'cancel' | 'finish' }[] = [];
    const count = await db.transaction(async (tx) => {
      const at = now();
      const rows = await repository.lockExpired(at, BATCH, tx);
      for (const row of rows) {
        if (row.status === 'waiting_sms') {
          await refund(tx, row, 'expired', at);
          followUps.push({ row, action: 'cancel' });
        } else {
          await repository.update(row.id, { status: 'finished', nextCheckAt: null, updatedAt: at }, tx);
          followUps.push({ row, action: 'finish' });
        }
      }
      return rows.length;
    });
    await forEachLimited(followUps, UPSTREAM_CONCURRENCY, ({ row, action }) =>
      bestEffort(action, row, () => upstreamOf(row)[action](row.upstreamId!)),
    );
    return count;
  }

  /** Refunds purchases whose request for a number never completed (the process stopped mid-way). */
  async function recoverStale(): Promise<number> {
    const count = await db.transaction(async (tx) => {
      const at = now();
      const rows = await repository.lockStalePending(later(at, -STALE_PENDING_MS), BATCH, tx);
      for (const row of rows) await refund(tx, row, 'failed', at, { failureCode: 'INTERRUPTED' });
      await deps.interrupted.scheduleRelease(
        tx,
        rows.map((row) => row.id),
        at,
      );
      return rows.length;
    });
    // Once the refunds are committed: numbers upstream may have sold for them are given back.
    await deps.interrupted.releaseDue();
    return count;
  }

  return { checkOne, record, checkDue, expireDue, recoverStale };
}
export type SmsTracking = ReturnType<typeof createSmsTracking>;
