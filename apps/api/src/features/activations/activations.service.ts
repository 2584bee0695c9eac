import type { ActivationsDeps } from './activations-deps.ts';
import { createCustomerActions } from './customer-actions.ts';
import { createCustomerQueries } from './customer-queries.ts';
import { createEnding } from './end-activation.ts';
import { createInboundSms } from './inbound-sms.ts';
import { createInterruptedPurchases } from './interrupted-purchases.ts';
import { createMultiPurchase } from './multi-purchase.ts';
import { createPurchase } from './purchase.ts';
import { createReuse } from './reuse.ts';
import { createSettlement } from './settlement.ts';
import { createSmsChecksRepository } from './sms-checks.repository.ts';
import { createSmsTracking } from './sms-tracking.ts';
import { createStaffActions } from './staff-actions.ts';
import { createUpstream } from './upstream.ts';
import { createUpstreamRequestsRepository } from './upstream-requests.repository.ts';
import './activations.messages.ts';

// Callers outside this folder keep importing these from the service, as before the use cases moved out.
export type { ActivationsDeps } from './activations-deps.ts';
export type { PurchaseInput } from './purchase.ts';
export { STALE_PENDING_MS } from './sms-tracking.ts';

/** One service over the use cases, built on one set of dependencies so they all settle the same way. */
export function createActivationsService(deps: ActivationsDeps) {
  const upstream = createUpstream(deps);
  const settlement = createSettlement(deps);
  const queries = createCustomerQueries(deps);
  const requests = createUpstreamRequestsRepository(deps.db);
  const interrupted = createInterruptedPurchases({ ...deps, requests, upstream });
  const tracking = createSmsTracking({ ...deps, settlement, upstream, interrupted });
  const ending = createEnding({ ...deps, upstream, tracking });
  const { purchase } = createPurchase({ ...deps, settlement, queries, upstream, interrupted });
  const customer = createCustomerActions({ ...deps, settlement, queries, upstream, ending });
  const staff = createStaffActions({ ...deps, settlement, ending, interrupted });
  const { purchaseMulti } = createMultiPurchase({ ...deps, settlement, queries, upstream });
  const reuse = createReuse({ ...deps, settlement, queries, upstream });
  const inbound = createInboundSms({ ...deps, checks: createSmsChecksRepository(deps.db), tracking });

  return {
    purchase,
    get: queries.get,
    getByPublicId: queries.getByPublicId,
    list: queries.list,
    summary: queries.summary,
    cancel: customer.cancel,
    resend: customer.resend,
    finish: customer.finish,
    adminCancel: staff.adminCancel,
    adminFinish: staff.adminFinish,
    checkDue: tracking.checkDue,
    expireDue: tracking.expireDue,
    recoverStale: tracking.recoverStale,
    receiveSms: inbound.receiveSms,
    quoteReuse: reuse.quote,
    reuse: reuse.reuse,
    reuseNumber: reuse.reuseNumber,
    purchaseMulti,
  };
}
export type ActivationsService = ReturnType<typeof createActivationsService>;
