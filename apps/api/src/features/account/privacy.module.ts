import type { Db } from '../../db/client.ts';
import type { FeatureModule } from '../../module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createPersonalDataRepository } from './personal-data.repository.ts';
import { createPersonalData } from './personal-data.ts';
import { privacyRoutes } from './privacy.routes.ts';

/** The account's LGPD rights (export, deletion); built last, as it reads what every feature stored. */
export function createPrivacyModule(deps: {
  db: Db;
  audit: AuditService;
  secureCookies: boolean;
  now: () => Date;
}) {
  const personalData = createPersonalData({
    db: deps.db,
    repository: createPersonalDataRepository(deps.db),
    audit: deps.audit,
    now: deps.now,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(privacyRoutes, { personalData, secureCookies: deps.secureCookies });
    },
    tasks: [],
  };
  return module;
}
