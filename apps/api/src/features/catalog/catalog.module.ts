import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { FeatureModule } from '../../module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { catalogAdminRoutes } from './catalog.admin.routes.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { createCatalogService, type StockSource } from './catalog.service.ts';
import { catalogStructureAdminRoutes } from './catalog-structure.admin.routes.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { createProductsRepository } from './products.repository.ts';
import { createStaffCategories } from './staff-categories.ts';
import { createStaffProductsService } from './staff-products.ts';

/** How often each process looks at whether the stock is due; it is due at most every STOCK_SYNC_MS. */
const STOCK_LOOK_MS = 60_000;
const STOCK_SYNC_MS = 5 * 60_000;

/** Services, countries, categories and products: what customers browse and what staff manage. */
export function createCatalogModule(deps: {
  db: Db;
  audit: AuditService;
  /** Where stock counts come from (the upstream number providers). */
  stock: StockSource;
  now: () => Date;
}) {
  const { db, audit, stock, now } = deps;
  const repository = createCatalogRepository(db);
  const products = createProductsRepository(db);
  const service = createCatalogService({ repository, products });
  const staffProducts = createStaffProductsService({ db, catalog: repository, products, audit, now });
  const staffCategories = createStaffCategories({ db, repository: createCategoriesRepository(db), audit });
  const syncStock: PeriodicTask = {
    name: 'catalog:sync-stock',
    intervalMs: STOCK_LOOK_MS,
    run: () => service.syncStock(stock, now(), STOCK_SYNC_MS),
  };
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(catalogRoutes, { catalog: service });
      await app.register(catalogAdminRoutes, { service: staffProducts });
      await app.register(catalogStructureAdminRoutes, { service: staffCategories });
    },
    tasks: [syncStock],
  };
  return { ...module, service };
}
