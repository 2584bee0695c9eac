import { activationsServiceOf } from '../activations/activations.plugin.ts';
import type { FeatureContext } from '../context.ts';
import { createAdminCatalogRepository } from './admin-catalog.repository.ts';
import { adminCatalogRoutes } from './admin-catalog.routes.ts';
import { createAdminCatalogService } from './admin-catalog.service.ts';

/** Staff area: products (prices, stock, active flag) and orders (every customer's activations). */
export async function registerAdminCatalog(ctx: FeatureContext): Promise<void> {
  const { app, database, now } = ctx;
  const service = createAdminCatalogService({
    db: database.db,
    repository: createAdminCatalogRepository(database.db),
    // Cancels and finishes go through the activations service: refunds and captures have one home.
    activations: activationsServiceOf(ctx),
    audit: ctx.audit,
    now,
  });
  await app.register(adminCatalogRoutes, { service, now });
}
