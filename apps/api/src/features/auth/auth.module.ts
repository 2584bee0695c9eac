import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createOidcClient } from './oidc.client.ts';
import { createOidcRepository } from './oidc.repository.ts';
import { createOidcService } from './oidc.service.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';

/** Sign-in, sign-up, sign-out, sessions and OpenID Connect. */
export function createAuthModule(deps: {
  config: Pick<Config, 'oidc' | 'publicUrl' | 'secureCookies' | 'registrationsPerHour'>;
  db: Db;
  users: AccountService;
  audit: AuditService;
  limiter: RateLimiter;
  /** Where the registration limit is read on each sign-up; the environment's value when absent. */
  registrations?: () => Promise<RateLimitRule>;
  now: () => Date;
}) {
  const { config, db, users, audit, limiter, now } = deps;
  const sessions = createSessionService({ repository: createSessionRepository(db), now });
  const service = createAuthService({
    db,
    users,
    sessions,
    audit,
    limiter,
    registrations: deps.registrations ?? { limit: config.registrationsPerHour, windowMs: 60 * 60_000 },
    now,
  });
  const oidc = createOidcService({
    client: config.oidc
      ? createOidcClient({ ...config.oidc, redirectUri: `${config.publicUrl}/auth-callback` }, { now })
      : null,
    provider: config.oidc?.issuer ?? '',
    db,
    repository: createOidcRepository(db),
    users,
    auth: service,
    audit,
    limiter,
    now,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      await app.register(authRoutes, { auth: service, oidc, secureCookies: config.secureCookies });
    },
    tasks: [
      {
        name: 'accounts.purge-expired',
        intervalMs: 15 * 60_000,
        run: async () => {
          await service.purgeExpired();
          await oidc.purgeExpiredStates();
        },
      },
    ],
  };
  return { ...module, service, sessions };
}
