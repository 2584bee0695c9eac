import type { Db } from '../../db/client.ts';
import type { WebhookPolicy } from '../../lib/webhook-address.ts';
import type { FeatureModule } from '../../module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { createUsersRepository } from './users.repository.ts';

/** The signed-in user: who they are, their profile, and their keys for the reseller protocol. */
export function createAccountModule(deps: {
  db: Db;
  audit: AuditService;
  webhookPolicy: WebhookPolicy;
  now: () => Date;
}) {
  const { db, audit, webhookPolicy, now } = deps;
  const service = createAccountService({ repository: createUsersRepository(db), audit, now });
  const repository = createApiKeysRepository(db);
  const apiKeys = createApiKeysService({ db, repository, audit, webhookPolicy, now });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(accountRoutes, { users: service });
      await app.register(apiKeysRoutes, { apiKeys });
    },
    tasks: [],
  };
  return { ...module, service, apiKeys };
}
