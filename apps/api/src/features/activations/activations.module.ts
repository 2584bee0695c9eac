import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CustomerEvents } from '../events/customer-events.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { activationsAdminRoutes } from './activations.admin.routes.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { activationsRoutes } from './activations.routes.ts';
import type { ActivationsDeps } from './activations-deps.ts';
import { createCustomerActions } from './customer-actions.ts';
import { createCustomerQueries } from './customer-queries.ts';
import { createEnding } from './end-activation.ts';
import { type InboundSmsSettings, inboundSmsRoutes } from './inbound.routes.ts';
import { createInboundSms } from './inbound-sms.ts';
import { createInterruptedPurchases } from './interrupted-purchases.ts';
import { createMultiPurchase } from './multi-purchase.ts';
import { createPurchase } from './purchase.ts';
import { reuseRoutes } from './reuse.routes.ts';
import { createReuse } from './reuse.ts';
import { createSettlement } from './settlement.ts';
import { createSmsChecksRepository } from './sms-checks.repository.ts';
import { createSmsTracking } from './sms-tracking.ts';
import { createStaffActions } from './staff-actions.ts';
import { createStaffOrdersRepository } from './staff-orders.repository.ts';
import { createStaffOrdersService } from './staff-orders.ts';
import { createUpstream } from './upstream.ts';
import { createUpstreamRequestsRepository } from './upstream-requests.repository.ts';
import './activations.messages.ts';

/** How often each process looks for due work; the rows themselves say what is due. */
const TASK_INTERVALS = { checkSms: 1_000, expire: 5_000, recover: 15_000 } as const;

/**
 * Each use case built once on one set of dependencies, so a purchase, a cancel, an SMS and an expiry all
 * settle through the same settlement and the same sellers.
 */
export function createActivationsUseCases(deps: ActivationsDeps) {
  const upstream = createUpstream(deps);
  const settlement = createSettlement(deps);
  const queries = createCustomerQueries(deps);
  const requests = createUpstreamRequestsRepository(deps.db);
  const interrupted = createInterruptedPurchases({ ...deps, requests, upstream });
  const tracking = createSmsTracking({ ...deps, settlement, upstream, interrupted });
  const ending = createEnding({ ...deps, upstream, tracking });
  return {
    queries,
    tracking,
    purchase: createPurchase({ ...deps, settlement, queries, upstream, interrupted }).purchase,
    customer: createCustomerActions({ ...deps, settlement, queries, upstream, ending }),
    staff: createStaffActions({ ...deps, settlement, ending, interrupted }),
    purchaseMulti: createMultiPurchase({ ...deps, settlement, queries, upstream }).purchaseMulti,
    reuse: createReuse({ ...deps, settlement, queries, upstream }),
    inbound: createInboundSms({ ...deps, checks: createSmsChecksRepository(deps.db), tracking }),
  };
}
export type ActivationsUseCases = ReturnType<typeof createActivationsUseCases>;

/**
 * What a customer may do to their own activations: the one activations capability other features get
 * (the reseller protocols offer it to bots), so they never reach staff actions or the background work.
 */
export function customerActivations(useCases: ActivationsUseCases) {
  const { queries, customer, reuse } = useCases;
  return {
    purchase: useCases.purchase,
    purchaseMulti: useCases.purchaseMulti,
    get: queries.get,
    getByPublicId: queries.getByPublicId,
    list: queries.list,
    cancel: customer.cancel,
    resend: customer.resend,
    finish: customer.finish,
    quoteReuse: reuse.quote,
    reuse: reuse.reuse,
    reuseNumber: reuse.reuseNumber,
  };
}
export type CustomerActivations = ReturnType<typeof customerActivations>;

/** Purchases, the customer's orders, SMS tracking, settlement, and staff actions on every order. */
export function createActivationsModule(deps: {
  db: Db;
  ledger: LedgerService;
  catalog: CatalogService;
  audit: AuditService;
  providers: readonly NumberProvider[];
  /** The sellers' operators (app.ts builds one directory for every feature). */
  operators?: OperatorDirectory;
  limiter: RateLimiter;
  upstreamTimeoutMs: number;
  rules?: ActivationsDeps['rules'];
  log: FastifyBaseLogger;
  onSmsReceived?: ActivationsDeps['onSmsReceived'];
  now: () => Date;
  events?: Pick<CustomerEvents, 'record'>;
  /** The webhook through which sellers push SMS; absent: no webhook (polling only). */
  inbound?: InboundSmsSettings;
}) {
  const { db, now } = deps;
  const useCases = createActivationsUseCases({
    db,
    repository: createActivationsRepository(db),
    ledger: deps.ledger,
    catalog: deps.catalog,
    providers: deps.providers,
    operators: deps.operators,
    // Several services on one number are asked for by codes; the product on sale is the one they buy.
    findProductId: async (service, country) =>
      (await deps.catalog.listProducts({ service, country }, 'BRL', 'en'))[0]?.id ?? null,
    now,
    rateLimiter: deps.limiter,
    upstreamTimeoutMs: deps.upstreamTimeoutMs,
    rules: deps.rules,
    log: deps.log,
    audit: deps.audit,
    onSmsReceived: deps.onSmsReceived,
    events: deps.events,
  });
  const { queries, tracking } = useCases;
  const staffOrders = createStaffOrdersService({
    repository: createStaffOrdersRepository(db),
    staff: useCases.staff,
    now,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(activationsRoutes, {
        purchase: useCases.purchase,
        queries,
        customer: useCases.customer,
      });
      await app.register(reuseRoutes, { reuse: useCases.reuse, purchaseMulti: useCases.purchaseMulti });
      await app.register(activationsAdminRoutes, { service: staffOrders, now });
      if (deps.inbound)
        await app.register(inboundSmsRoutes, { inbound: useCases.inbound, settings: deps.inbound });
    },
    tasks: [
      { name: 'activations:check-sms', intervalMs: TASK_INTERVALS.checkSms, run: tracking.checkDue },
      { name: 'activations:expire', intervalMs: TASK_INTERVALS.expire, run: tracking.expireDue },
      { name: 'activations:recover', intervalMs: TASK_INTERVALS.recover, run: tracking.recoverStale },
    ],
  };
  return { ...module, customerActivations: customerActivations(useCases) };
}
