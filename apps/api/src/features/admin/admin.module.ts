import type { Db } from '../../db/client.ts';
import type { FeatureModule } from '../../module.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminStatsService } from './admin-stats.service.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** Staff area: dashboard statistics, user management and the audit log. */
export function createAdminModule(deps: {
  db: Db;
  users: AccountService;
  auth: AuthService;
  audit: AuditService;
  now: () => Date;
}) {
  const { db, users, auth, audit, now } = deps;
  const repository = createAdminRepository(db);
  const stats = createAdminStatsService({ repository, now });
  const adminUsers = createAdminUsersService({ db, repository, users, auth, audit });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(adminRoutes, { stats, adminUsers });
    },
    tasks: [],
  };
  return module;
}
