import type { Db } from '../../db/client.ts';
import type { FeatureModule } from '../../module.ts';
import type { NumberProvider } from '../../providers/numbers/number-provider.ts';
import type { AccountService } from '../account/account.service.ts';
import type { ApiKeysService } from '../account/api-keys.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminStatsService } from './admin-stats.service.ts';
import { createAdminUsersService } from './admin-users.service.ts';
import { createReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReports } from './reports.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, defaultSettings, type SettingsService } from './settings.service.ts';
import { smsRoutes } from './sms.routes.ts';
import { createSmsProvidersRepository } from './sms-providers.repository.ts';
import { createSmsProviders } from './sms-providers.ts';
import { createUserDetailRepository } from './user-detail.repository.ts';
import { userDetailRoutes } from './user-detail.routes.ts';
import { createUserDetail } from './user-detail.ts';

/** Built before the other features: they read their limits from it. */
export function createStoreSettings(deps: {
  db: Db;
  audit: AuditService;
  now: () => Date;
  config: Parameters<typeof defaultSettings>[0];
}) {
  const { db, audit, now, config } = deps;
  const repository = createSettingsRepository(db);
  return createSettingsService({ db, repository, audit, now, defaults: defaultSettings(config) });
}

/** Staff area: dashboard statistics, user management, the audit log and the store's settings. */
export function createAdminModule(deps: {
  db: Db;
  users: AccountService;
  auth: AuthService;
  audit: AuditService;
  settings: SettingsService;
  apiKeys: ApiKeysService;
  providers: readonly NumberProvider[];
  now: () => Date;
}) {
  const { db, users, auth, audit, settings, apiKeys, now } = deps;
  const sms = createSmsProviders({
    providers: deps.providers,
    repository: createSmsProvidersRepository(db),
    settings,
    now,
  });
  const repository = createAdminRepository(db);
  const stats = createAdminStatsService({ repository, now });
  const adminUsers = createAdminUsersService({ db, repository, users, auth, audit });
  const reports = createReports({ repository: createReportsRepository(db), now });
  const detail = createUserDetail({ repository, detail: createUserDetailRepository(db), apiKeys, now });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(adminRoutes, { stats, adminUsers });
      await app.register(settingsRoutes, { settings });
      await app.register(userDetailRoutes, { detail });
      await app.register(reportsRoutes, { reports });
      await app.register(smsRoutes, { sms });
    },
    tasks: [{ name: 'admin:provider-health', intervalMs: 60_000, run: sms.checkHealth }],
  };
  return module;
}
