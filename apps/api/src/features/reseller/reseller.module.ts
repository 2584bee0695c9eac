import type { RateLimiter } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { ActivationsService } from '../activations/activations.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { handlerApiRoutes } from './handler-api.routes.ts';
import { createHandlerApi } from './handler-api.service.ts';

/**
 * The sms-activate protocol under /stubs/handler_api.php, so bots written for sms-activate and its
 * successors buy from the store. Every purchase goes through the activations service.
 */
export function createResellerModule(deps: {
  apiKeys: ApiKeysService;
  activations: ActivationsService;
  catalog: CatalogService;
  ledger: LedgerService;
  limiter: RateLimiter;
  now: () => Date;
}) {
  const { apiKeys, activations, catalog, ledger, limiter, now } = deps;
  const handlerApi = createHandlerApi({ activations, catalog, ledger });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(handlerApiRoutes, { apiKeys, handlerApi, limiter, now });
    },
    tasks: [],
  };
  return module;
}
