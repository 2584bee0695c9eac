import type { Tx } from '../../db/client.ts';
import { forEachLimited } from '../../lib/for-each-limited.ts';
import { type NumberProvider, UpstreamError } from '../../providers/numbers/number-provider.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { later } from './check-schedule.ts';
import type { Upstream } from './upstream.ts';
import type { ClaimedRelease, UpstreamRequestsRepository } from './upstream-requests.repository.ts';

/** Sellers refuse to cancel a number in its first minutes (sms-activate: 2): ask again after this. */
const RELEASE_RETRY_MS = 60_000;
/** Past this many tries (about half an hour), a person looks at it. */
const MAX_RELEASE_TRIES = 30;
const BATCH = 50;
const UPSTREAM_CONCURRENCY = 8;
/** Answers meaning the seller holds nothing under our order (an order it knew would be returned). */
const NOTHING_BOUGHT = new Set(['NO_NUMBERS', 'NO_BALANCE', 'BAD_SERVICE', 'NOT_FOUND']);
/** Purchases of the same seller this close in time may be the lost one's neighbours. */
const NEIGHBOURS_MS = 10 * 60_000;

/**
 * Numbers a crash left bought upstream. Before each seller is asked for a number, the purchase records
 * it (only while the activation is still pending). When the sweeper refunds a purchase that never got
 * its number, every seller recorded for it is due a release, done here after the refund committed:
 * - a seller with findOrder is asked for the activation bought for our activation id, and that
 *   activation is cancelled. One idempotent by orderId (sms-activate, the simulator) may buy a number
 *   now if the request never reached it; cancelling it at once is still right, and the customer was
 *   refunded. A seller is re-asked only when it was recorded, so one never asked is never made to sell.
 *   One without order ids (5sim) matches its open orders by time, skipping the ids the store holds;
 * - a refused cancel (too early, an outage) is retried on the stored upstream id a minute later;
 * - a seller that cannot look orders up is left alone, and a warning names the activation for staff.
 */
export function createInterruptedPurchases(
  deps: Pick<ActivationsDeps, 'providers' | 'now' | 'upstreamTimeoutMs' | 'log'> & {
    requests: UpstreamRequestsRepository;
    upstream: Pick<Upstream, 'warn'>;
  },
) {
  const { providers, now, requests } = deps;
  const { warn } = deps.upstream;
  const leaseMs = 2 * (deps.upstreamTimeoutMs ?? 10_000) + 5_000;

  /** Called before each seller is asked; throws, so that nothing is asked, once the purchase was refunded. */
  async function recordRequest(activationId: string, provider: NumberProvider): Promise<void> {
    const pending = await requests.record(activationId, provider.name, now());
    if (!pending)
      throw new UpstreamError('UNAVAILABLE', 'the purchase was refunded before upstream was asked');
  }

  /** In the sweeper's refund transaction: the sellers asked for these purchases get their release. */
  function scheduleRelease(tx: Tx, activationIds: string[], at: Date): Promise<void> {
    return requests.scheduleRelease(activationIds, at, tx);
  }

  /** Whether the number this seller sold for a refunded purchase is given back by a scheduled release. */
  async function releasesLateNumber(activationId: string, provider: NumberProvider): Promise<boolean> {
    return provider.findOrder !== undefined && (await requests.releaseScheduled(activationId, provider.name));
  }

  function toStaff(claim: ClaimedRelease, why: string) {
    deps.log?.warn(
      { activation: claim.activationId, provider: claim.provider, upstreamId: claim.upstreamId },
      `interrupted purchase was refunded, but ${why}: check this activation at the seller and cancel its number there`,
    );
    return requests.released(claim, 'staff', now());
  }

  async function retryLater(claim: ClaimedRelease, err: unknown) {
    if (claim.tries >= MAX_RELEASE_TRIES)
      return toStaff(claim, `its number could not be given back (${String(err)})`);
    warn(err, 'giving back the number of an interrupted purchase failed; will retry', {
      activation: claim.activationId,
      provider: claim.provider,
    });
    await requests.retryAt(claim, later(now(), RELEASE_RETRY_MS));
  }

  async function releaseOne(claim: ClaimedRelease): Promise<void> {
    const provider = providers.find((p) => p.name === claim.provider);
    if (!provider) return toStaff(claim, `number provider "${claim.provider}" is no longer configured`);
    if (!provider.findOrder) return toStaff(claim, `${claim.provider} cannot look its orders up`);

    let upstreamId = claim.upstreamId;
    if (upstreamId === null) {
      let found: Awaited<ReturnType<NonNullable<NumberProvider['findOrder']>>>;
      try {
        found = await provider.findOrder({
          service: claim.serviceCode,
          country: claim.countryCode,
          orderId: claim.activationId,
          askedAt: claim.askedAt,
          known: await requests.knownUpstreamIds(claim.provider, claim.askedAt, NEIGHBOURS_MS),
        });
      } catch (err) {
        if (err instanceof UpstreamError && NOTHING_BOUGHT.has(err.code))
          return requests.released(claim, 'none', now());
        return retryLater(claim, err);
      }
      if (found === null) return toStaff(claim, `${claim.provider} cannot look its orders up`);
      upstreamId = found.upstreamId;
      await requests.foundUpstream(claim, upstreamId);
    }

    try {
      await provider.cancel(upstreamId);
    } catch (err) {
      if (err instanceof UpstreamError && err.code === 'NOT_FOUND')
        return requests.released(claim, 'none', now());
      if (err instanceof UpstreamError && err.code === 'ALREADY_HAS_SMS')
        return toStaff({ ...claim, upstreamId }, 'its number received an SMS and cannot be cancelled');
      return retryLater({ ...claim, upstreamId }, err);
    }
    await requests.released(claim, 'cancelled', now());
  }

  /** Gives back the numbers whose release is due; returns how many were tried. */
  async function releaseDue(): Promise<number> {
    const at = now();
    const claimed = await requests.claimDue(at, later(at, leaseMs), BATCH);
    await forEachLimited(claimed, UPSTREAM_CONCURRENCY, async (claim) => {
      try {
        await releaseOne(claim);
      } catch (err) {
        // Its lease runs out and it is tried again.
        warn(err, 'release of an interrupted purchase failed', { activation: claim.activationId });
      }
    });
    return claimed.length;
  }

  return { recordRequest, scheduleRelease, releasesLateNumber, releaseDue };
}
export type InterruptedPurchases = ReturnType<typeof createInterruptedPurchases>;
