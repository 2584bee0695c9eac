import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import type { FeatureContext } from '../context.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { activationsRoutes } from './activations.routes.ts';
import { type ActivationsService, createActivationsService } from './activations.service.ts';
import { buildNumberProviders, stockFromProviders } from './number-providers.ts';

/** How often each process looks for due work; the rows themselves say what is due. */
const TASK_INTERVALS = {
  checkSms: 1_000,
  expire: 5_000,
  recover: 15_000,
  stockLook: 60_000,
  /** Upstream stock is asked for at most this often across all processes. */
  stockSync: 5 * 60_000,
} as const;

/** The activations service each app registered, so the staff area acts on orders through the same rules. */
const registered = new WeakMap<object, ActivationsService>();

/**
 * The activations service of this app (registerActivations must have run): admin features cancel and
 * finish customers' activations through it, so refunds and captures have one implementation.
 */
export function activationsServiceOf(ctx: Pick<FeatureContext, 'app'>): ActivationsService {
  const service = registered.get(ctx.app);
  if (!service) throw new Error('registerActivations must run before the features that use activations');
  return service;
}

/** The catalogue of numbers and activations (issue "Catalogue and activations"). */
export async function registerActivations(ctx: FeatureContext): Promise<void> {
  const { app, config, database, now } = ctx;
  const providers = buildNumberProviders(config.numbers, now);
  const catalog = createCatalogService({ repository: createCatalogRepository(database.db) });
  const activations = createActivationsService({
    db: database.db,
    repository: createActivationsRepository(database.db),
    ledger: ctx.ledger,
    catalog,
    providers,
    now,
    rateLimiter: ctx.limiter,
    upstreamTimeoutMs: config.numbers.timeoutMs,
    log: app.log,
    audit: ctx.audit,
  });
  registered.set(app, activations);

  await app.register(activationsRoutes, { activations });

  ctx.addTask({
    name: 'activations:check-sms',
    intervalMs: TASK_INTERVALS.checkSms,
    run: activations.checkDue,
  });
  ctx.addTask({ name: 'activations:expire', intervalMs: TASK_INTERVALS.expire, run: activations.expireDue });
  ctx.addTask({
    name: 'activations:recover',
    intervalMs: TASK_INTERVALS.recover,
    run: activations.recoverStale,
  });
  ctx.addTask({
    name: 'catalog:sync-stock',
    intervalMs: TASK_INTERVALS.stockLook,
    run: () => catalog.syncStock(stockFromProviders(providers), now(), TASK_INTERVALS.stockSync),
  });
}
