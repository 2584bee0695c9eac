import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { WebhookPolicy } from '../../lib/webhook-address.ts';
import type { FeatureModule } from '../../module.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CustomerEvents } from '../events/customer-events.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createRentalDeliveries, type WebhookSender } from './rental-deliveries.ts';
import { createRentalMoney } from './rental-money.ts';
import { createRentalRules } from './rental-rules.ts';
import { rentalsAdminRoutes } from './rentals.admin.routes.ts';
import { createRentalsRepository } from './rentals.repository.ts';
import { rentalsRoutes } from './rentals.routes.ts';
import { createRentalsService } from './rentals.service.ts';

/** How often each process looks for due work; the rows say what is due. */
const INTERVALS = {
  checkSms: 2_000,
  window: 10_000,
  expire: 10_000,
  recover: 30_000,
  deliver: 2_000,
} as const;

/** Rentals (issue 34): numbers held for hours to weeks, their SMS, their money, staff's view and rules. */
export function createRentalsModule(deps: {
  db: Db;
  ledger: LedgerService;
  catalog: CatalogService;
  audit: AuditService;
  providers: readonly NumberProvider[];
  providerOrder?: () => Promise<readonly string[] | undefined>;
  events?: Pick<CustomerEvents, 'record'>;
  webhookPolicy: WebhookPolicy;
  /** Signs and sends each SMS's POST, as the reseller webhooks do. */
  webhookSender: WebhookSender;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { db, now } = deps;
  const repository = createRentalsRepository(db);
  const rules = createRentalRules({ db, now });
  const deliveries = createRentalDeliveries({
    sender: deps.webhookSender,
    db,
    policy: deps.webhookPolicy,
    now,
    log: deps.log,
  });
  const service = createRentalsService({
    db,
    repository,
    money: createRentalMoney({ ledger: deps.ledger, repository }),
    rules,
    catalog: deps.catalog,
    providers: deps.providers,
    providerOrder: deps.providerOrder,
    audit: deps.audit,
    events: deps.events,
    log: deps.log,
    now,
    onSms: deliveries.enqueue,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(rentalsRoutes, { rentals: service });
      await app.register(rentalsAdminRoutes, {
        db,
        rentals: service,
        rules,
        repository,
        audit: deps.audit,
        now,
      });
    },
    tasks: [
      { name: 'rentals:check-sms', intervalMs: INTERVALS.checkSms, run: service.checkDue },
      { name: 'rentals:settle-window', intervalMs: INTERVALS.window, run: service.settleWindow },
      { name: 'rentals:expire', intervalMs: INTERVALS.expire, run: service.expireDue },
      { name: 'rentals:recover', intervalMs: INTERVALS.recover, run: service.recoverPending },
      { name: 'rentals:deliver', intervalMs: INTERVALS.deliver, run: deliveries.deliverDue },
    ],
  };
  return { ...module, service, rules };
}
