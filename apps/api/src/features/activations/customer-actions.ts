import type { ActivationDetail } from '@numero/contract/activations';
import { AppError } from '../../http/errors.ts';
import { UpstreamError } from '../../providers/numbers/number-provider.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { CHECK_EVERY_MS, later } from './check-schedule.ts';
import type { CustomerQueries } from './customer-queries.ts';
import { cancelRefusal, type Ending } from './end-activation.ts';
import type { Settlement } from './settlement.ts';
import type { Upstream } from './upstream.ts';

/** What customers do to their own activations; another customer's is answered as not found. */
export function createCustomerActions(
  deps: Pick<ActivationsDeps, 'db' | 'repository' | 'now' | 'rules'> & {
    settlement: Pick<Settlement, 'refund'>;
    queries: Pick<CustomerQueries, 'get'>;
    upstream: Pick<Upstream, 'upstreamOf'>;
    ending: Ending;
  },
) {
  const { db, repository, now } = deps;
  const { refund } = deps.settlement;
  const getDetail = deps.queries.get;
  const { upstreamOf } = deps.upstream;
  const { releaseUpstream, finishRow } = deps.ending;

  async function findOwnedOrThrow(userId: string, id: string) {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('ACTIVATION_NOT_FOUND', 404);
    return row;
  }

  async function cancel(userId: string, id: string): Promise<ActivationDetail> {
    const row = await findOwnedOrThrow(userId, id);
    const refusal = cancelRefusal(row);
    if (refusal) throw refusal;
    const earlyMs = (await deps.rules?.())?.earlyCancelMs ?? 0;
    if (row.assignedAt && now().getTime() - new Date(row.assignedAt).getTime() < earlyMs)
      throw new AppError('EARLY_CANCEL_DENIED', 409);
    await releaseUpstream(row, 'customer');
    await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (!locked) throw new AppError('ACTIVATION_NOT_FOUND', 404);
      // The code may have arrived, or the number expired, while upstream was answering.
      const late = cancelRefusal(locked);
      if (late) throw late;
      await refund(tx, locked, 'cancelled', now());
    });
    return getDetail(userId, id);
  }

  async function resend(userId: string, id: string): Promise<ActivationDetail> {
    const row = await findOwnedOrThrow(userId, id);
    if (row.status !== 'code_received' || !row.expiresAt || now() >= new Date(row.expiresAt))
      throw new AppError('RESEND_NOT_ALLOWED', 409);
    if (row.nextCheckAt !== null) throw new AppError('RESEND_IN_PROGRESS', 409);
    try {
      await upstreamOf(row).requestAnotherSms(row.upstreamId!);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      throw new AppError(
        err.code === 'NOT_FOUND' ? 'RESEND_NOT_ALLOWED' : 'UPSTREAM_RETRY',
        err.code === 'NOT_FOUND' ? 409 : 503,
      );
    }
    await db.transaction(async (tx) => {
      const locked = await repository.lock(id, tx);
      if (locked?.status !== 'code_received') throw new AppError('RESEND_NOT_ALLOWED', 409);
      if (locked.nextCheckAt !== null || locked.resendCount !== row.resendCount)
        throw new AppError('RESEND_IN_PROGRESS', 409);
      const at = now();
      await repository.update(
        id,
        { resendCount: locked.resendCount + 1, nextCheckAt: later(at, CHECK_EVERY_MS), updatedAt: at },
        tx,
      );
    });
    return getDetail(userId, id);
  }

  async function finish(userId: string, id: string): Promise<ActivationDetail> {
    await finishRow(await findOwnedOrThrow(userId, id));
    return getDetail(userId, id);
  }

  return { cancel, resend, finish };
}
