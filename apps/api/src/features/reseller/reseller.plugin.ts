import { createApiKeysRepository } from '../account/api-keys.repository.ts';
import { apiKeysRoutes } from '../account/api-keys.routes.ts';
import { createApiKeysService } from '../account/api-keys.service.ts';
import { activationsServiceOf } from '../activations/activations.plugin.ts';
import { createCatalogRepository } from '../catalog/catalog.repository.ts';
import { createCatalogService } from '../catalog/catalog.service.ts';
import type { FeatureContext } from '../context.ts';
import { handlerApiRoutes } from './handler-api.routes.ts';
import { createHandlerApi } from './handler-api.service.ts';

/**
 * The reseller API: keys on the profile, and the sms-activate protocol under /stubs/handler_api.php so
 * bots written for sms-activate and its successors buy from the store. Needs registerActivations first.
 */
export async function registerReseller(ctx: FeatureContext): Promise<void> {
  const { app, database, now } = ctx;
  const apiKeys = createApiKeysService({
    db: database.db,
    repository: createApiKeysRepository(database.db),
    audit: ctx.audit,
    now,
  });
  const handlerApi = createHandlerApi({
    activations: activationsServiceOf(ctx),
    catalog: createCatalogService({ repository: createCatalogRepository(database.db) }),
    ledger: ctx.ledger,
  });

  await app.register(apiKeysRoutes, { apiKeys });
  await app.register(handlerApiRoutes, { apiKeys, handlerApi, limiter: ctx.limiter, now });
}
