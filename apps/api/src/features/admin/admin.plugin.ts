import type { FeatureContext } from '../context.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminStatsService } from './admin-stats.service.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** Staff area: dashboard statistics, user management and the audit log. */
export async function registerAdmin(ctx: FeatureContext): Promise<void> {
  const { app, database, now } = ctx;
  const repository = createAdminRepository(database.db);
  const stats = createAdminStatsService({ repository, now });
  const adminUsers = createAdminUsersService({
    db: database.db,
    repository,
    users: ctx.users,
    auth: ctx.auth,
    audit: ctx.audit,
  });
  await app.register(adminRoutes, { stats, adminUsers });
}
