import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { WebhookPolicy } from '../../lib/webhook-address.ts';
import type { FeatureModule } from '../../module.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { CustomerActivations } from '../activations/activations.module.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { fivesimRoutes } from './fivesim.routes.ts';
import { createFivesimAnswers } from './fivesim-answers.ts';
import type { HostingRentals } from './fivesim-hosting.ts';
import { handlerApiRoutes } from './handler-api.routes.ts';
import { createHandlerApi, type HandlerApiDeps } from './handler-api.service.ts';
import { webhookDeliveriesRoutes } from './webhook-deliveries.routes.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { createWebhooksService, type WebhooksService } from './webhooks.service.ts';

/** How often each process looks for due webhook attempts (retries); the rows say what is due. */
const WEBHOOK_TASK_INTERVAL_MS = 2_000;
/** Where the database announces a new webhook, at the commit of its SMS (migration 0025). */
export const WEBHOOKS_DUE_CHANNEL = 'numero_webhooks_due';

/**
 * Webhooks to resellers, built before the activations (which call them when an SMS is recorded) and
 * handed to createResellerModule.
 */
export function createResellerWebhooks(deps: {
  db: Db;
  policy: WebhookPolicy;
  log?: { warn(obj: object, msg: string): void };
  now: () => Date;
}): WebhooksService {
  return createWebhooksService({ ...deps, repository: createWebhooksRepository(deps.db) });
}

/**
 * The sms-activate protocol under /stubs/handler_api.php, so bots written for sms-activate and its
 * successors buy from the store, and the webhooks that tell them an SMS came. Every purchase goes
 * through the activations service.
 */
export function createResellerModule(deps: {
  apiKeys: ApiKeysService;
  activations: CustomerActivations;
  catalog: CatalogService;
  ledger: LedgerService;
  webhooks: WebhooksService;
  /** The sellers' operators, for getOperators. */
  operators?: Pick<OperatorDirectory, 'list'>;
  limiter: RateLimiter;
  /** Calls one key may make per second (RESELLER_REQUESTS_PER_SECOND). */
  requestsPerSecond: number;
  /** Rentals, for the protocol's rent actions and 5sim's hosting. */
  rentals?: HandlerApiDeps['rentals'] & HostingRentals;
  /** Where the database announces catalogue changes, which the catalogue answers' memory follows. */
  bus: EventBus;
  now: () => Date;
}) {
  const { apiKeys, activations, catalog, ledger, webhooks, limiter, now } = deps;
  const keyLimit = { limit: deps.requestsPerSecond, windowMs: 1_000 };
  let log: { warn(obj: object, msg: string): void } | undefined;
  const onError = (err: unknown) => log?.warn({ err }, 'catalogue answers: rebuild failed');
  const handlerApi = createHandlerApi({
    activations,
    catalog,
    ledger,
    webhooks,
    operators: deps.operators,
    rentals: deps.rentals,
    now,
    onError,
  });
  const fivesim = createFivesimAnswers({
    activations,
    catalog,
    ledger,
    webhooks,
    rentals: deps.rentals,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      log = app.log;
      // A process that cannot hear the catalogue's changes keeps its answers only a few seconds.
      await handlerApi.catalogMemory
        .follow(deps.bus, 'catalog_changed')
        .catch((err) => app.log.warn({ err }, 'catalogue changes unheard by the protocol'));
      await app.register(handlerApiRoutes, { apiKeys, handlerApi, limiter, keyLimit, now });
      await app.register(fivesimRoutes, { apiKeys, answers: fivesim, limiter, keyLimit, now });
      await app.register(webhookDeliveriesRoutes, { apiKeys, webhooks });
    },
    tasks: [
      {
        name: 'reseller:webhooks',
        intervalMs: WEBHOOK_TASK_INTERVAL_MS,
        run: webhooks.deliverDue,
        wakeOn: WEBHOOKS_DUE_CHANNEL,
      },
    ],
  };
  return module;
}
