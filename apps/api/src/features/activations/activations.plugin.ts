import { createRateLimiter } from '../../http/rate-limit.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import type { FeatureContext } from '../context.ts';
import { createActivationsRepository } from './activations.repository.ts';
import { activationsRoutes } from './activations.routes.ts';
import { createActivationsService } from './activations.service.ts';
import { buildNumberProviders, stockFromProviders } from './number-providers.ts';

/** How often each process looks for due work; the rows themselves say what is due. */
export const TASK_INTERVALS = {
  checkSms: 1_000,
  expire: 5_000,
  recover: 15_000,
  stockLook: 60_000,
  /** Upstream stock is asked for at most this often across all processes. */
  stockSync: 5 * 60_000,
} as const;

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
    rateLimiter: createRateLimiter(database.db, now),
    upstreamTimeoutMs: config.numbers.timeoutMs,
    log: app.log,
  });

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
