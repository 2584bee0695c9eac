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
import { type ActivationsDeps, createActivationsService } from './activations.service.ts';
import { type InboundSmsSettings, inboundSmsRoutes } from './inbound.routes.ts';
import { reuseRoutes } from './reuse.routes.ts';
import { createStaffOrdersRepository } from './staff-orders.repository.ts';
import { createStaffOrdersService } from './staff-orders.ts';

/** How often each process looks for due work; the rows themselves say what is due. */
const TASK_INTERVALS = { checkSms: 1_000, expire: 5_000, recover: 15_000 } as const;

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
  const repository = createActivationsRepository(db);
  const service = createActivationsService({
    db,
    repository,
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
  const staffOrders = createStaffOrdersService({
    repository: createStaffOrdersRepository(db),
    activations: service,
    now,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(activationsRoutes, { activations: service });
      await app.register(reuseRoutes, { activations: service });
      await app.register(activationsAdminRoutes, { service: staffOrders, now });
      if (deps.inbound)
        await app.register(inboundSmsRoutes, { activations: service, settings: deps.inbound });
    },
    tasks: [
      { name: 'activations:check-sms', intervalMs: TASK_INTERVALS.checkSms, run: service.checkDue },
      { name: 'activations:expire', intervalMs: TASK_INTERVALS.expire, run: service.expireDue },
      { name: 'activations:recover', intervalMs: TASK_INTERVALS.recover, run: service.recoverStale },
    ],
  };
  return { ...module, service };
}
