import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../db/event-bus.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { FeatureModule } from '../../module.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { OperatorDirectory } from '../../providers/numbers/operators.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { catalogAdminRoutes } from './catalog.admin.routes.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { catalogRoutes, rememberCatalogAnswers } from './catalog.routes.ts';
import { createCatalogService, type StockSource } from './catalog.service.ts';
import { createCatalogImportRepository } from './catalog-import.repository.ts';
import { type CatalogImportSettings, type CountryFacts, createCatalogImport } from './catalog-import.ts';
import { catalogOperatorsRoutes } from './catalog-operators.routes.ts';
import { createCatalogSearch } from './catalog-search.ts';
import { catalogStructureAdminRoutes } from './catalog-structure.admin.routes.ts';
import { createCategoriesRepository } from './categories.repository.ts';
import { type CostRates, createCostsSync } from './costs-sync.ts';
import { favouritesRoutes } from './favourites.routes.ts';
import { createFavourites } from './favourites.ts';
import { pricingAdminRoutes } from './pricing.admin.routes.ts';
import { createPricingRepository } from './pricing.repository.ts';
import { createPricingRulesRepository } from './pricing-rules.repository.ts';
import { createPricingRules } from './pricing-rules.ts';
import { createProductsRepository } from './products.repository.ts';
import { createStaffCategories } from './staff-categories.ts';
import { createStaffPricing } from './staff-pricing.ts';
import { createStaffProductsService } from './staff-products.ts';
import { createTrackRecordRepository } from './track-record.repository.ts';
import { createTrackRecords } from './track-record.ts';

/** How often each process looks at whether the stock is due; it is due at most every STOCK_SYNC_MS. */
const STOCK_LOOK_MS = 60_000;
const STOCK_SYNC_MS = 5 * 60_000;

/** Services, countries, categories and products: what customers browse and what staff manage. */
export function createCatalogModule(deps: {
  db: Db;
  audit: AuditService;
  /** Where stock counts come from (the upstream number providers). */
  stock: StockSource;
  /** The configured upstream sellers (the costs of pricing rules are per seller, synced from their prices). */
  numberProviders: readonly NumberProvider[];
  /** The sellers' operators, for the purchase dialog's choice; no operator route without it. */
  operators?: Pick<OperatorDirectory, 'list'>;
  /** What a unit of each seller's currency is worth in the store's currencies. */
  rates: CostRates;
  /** The sellers staff have not switched off, in their order. */
  enabledProviders: () => Promise<readonly string[]>;
  /** What the hourly import of the sellers' price lists does with what is new to the store. */
  importSettings: CatalogImportSettings;
  /** The market's reference data: names of services and countries new to the store. */
  market: {
    serviceName: (code: string) => string | undefined;
    countryFacts: (iso: string) => CountryFacts | undefined;
  };
  /** Where the database announces catalogue changes, so the public lists can be remembered briefly. */
  bus: EventBus;
  now: () => Date;
}) {
  const { db, audit, stock, numberProviders, rates, enabledProviders, bus, now } = deps;
  const providers = numberProviders.map((p) => p.name);
  const repository = createCatalogRepository(db);
  const products = createProductsRepository(db);
  const trackRecords = createTrackRecords({ repository: createTrackRecordRepository(db), now });
  let log: { warn(obj: object, msg: string): void } | undefined;
  const service = createCatalogService({
    repository,
    products,
    trackRecords,
    onShelfError: (err) => log?.warn({ err }, 'catalogue shelf: rebuild failed'),
  });
  const { shelf } = service;
  const staffProducts = createStaffProductsService({ db, catalog: repository, products, audit, now });
  const pricingRepository = createPricingRepository(db);
  const pricing = createStaffPricing({
    db,
    pricing: pricingRepository,
    catalog: repository,
    audit,
    providers,
    now,
  });
  const rules = createPricingRules({
    db,
    rules: createPricingRulesRepository(db),
    pricing,
    audit,
    now,
  });
  const costsSync = createCostsSync({
    db,
    pricing: pricingRepository,
    products,
    catalog: repository,
    providers: numberProviders,
    enabledProviders,
    rates,
    audit,
    now,
    afterSync: () => rules.applySaved(null, true),
  });
  const catalogImport = createCatalogImport({
    repository: createCatalogImportRepository(db),
    catalog: repository,
    products,
    pricing: pricingRepository,
    providers: numberProviders,
    enabledProviders,
    rates,
    settings: deps.importSettings,
    ...deps.market,
    audit,
    now,
  });
  const staffCategories = createStaffCategories({ db, repository: createCategoriesRepository(db), audit });
  const syncStock: PeriodicTask = {
    name: 'catalog:sync-stock',
    intervalMs: STOCK_LOOK_MS,
    run: () => service.syncStock(stock, now(), STOCK_SYNC_MS),
  };
  const module: FeatureModule = {
    routes: async (app) => {
      log = app.log;
      const answers = await rememberCatalogAnswers(service, bus, app.log);
      // A process that cannot hear the catalogue's changes keeps its shelf only a few seconds.
      await shelf.memory
        .follow(bus, 'catalog_changed')
        .catch((err) => app.log.warn({ err }, 'catalogue changes unheard by the shelf'));
      await app.register(catalogRoutes, {
        catalog: service,
        shelf,
        search: createCatalogSearch({ shelf }),
        answers,
      });
      await app.register(favouritesRoutes, { favourites: createFavourites(db), shelf, now });
      if (deps.operators)
        await app.register(catalogOperatorsRoutes, { catalog: service, operators: deps.operators });
      await app.register(async (staff) => {
        // Staff see their own change in this process's next answer, before its message comes back.
        staff.addHook('onSend', async (request, reply, payload) => {
          if (request.method !== 'GET' && reply.statusCode < 400) {
            answers.forget();
            shelf.memory.forget();
          }
          return payload;
        });
        await staff.register(catalogAdminRoutes, { service: staffProducts });
        await staff.register(catalogStructureAdminRoutes, { service: staffCategories });
        await staff.register(pricingAdminRoutes, { pricing, costsSync, catalogImport, rules });
      });
    },
    tasks: [syncStock, costsSync.task, catalogImport.task],
  };
  return { ...module, service };
}
