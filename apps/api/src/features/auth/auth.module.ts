import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createOidcClient } from './oidc.client.ts';
import { createOidcRepository } from './oidc.repository.ts';
import { createOidcService } from './oidc.service.ts';
import { createPasswordResetRepository } from './password-reset.repository.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { createPasswordReset } from './password-reset.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService } from './session.service.ts';
import { createTwoFactorRepository } from './two-factor.repository.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { createTwoFactor } from './two-factor.ts';
import { registerStaffTwoFactorGate } from './two-factor-gate.ts';

/** Sign-in, sign-up, sign-out, sessions and OpenID Connect. */
export function createAuthModule(deps: {
  config: Pick<Config, 'oidc' | 'publicUrl' | 'secureCookies' | 'registrationsPerHour' | 'requireStaff2fa'>;
  db: Db;
  users: AccountService;
  audit: AuditService;
  limiter: RateLimiter;
  mail: MailService;
  /** Where the registration limit is read on each sign-up; the environment's value when absent. */
  registrations?: () => Promise<RateLimitRule>;
  now: () => Date;
}) {
  const { config, db, users, audit, limiter, mail, now } = deps;
  const sessions = createSessionService({ repository: createSessionRepository(db), now });
  const twoFactor = createTwoFactor({
    db,
    repository: createTwoFactorRepository(db),
    mail,
    audit,
    requireStaff: config.requireStaff2fa,
    now,
  });
  const service = createAuthService({
    secondFactor: twoFactor,
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
  const passwordReset = createPasswordReset({
    db,
    repository: createPasswordResetRepository(db),
    users,
    sessions,
    mail,
    audit,
    limiter,
    publicUrl: config.publicUrl,
    now,
  });
  const module: FeatureModule = {
    routes: async (app) => {
      // On the root instance, before any other feature's routes: it guards every staff route.
      registerStaffTwoFactorGate(app, twoFactor);
      await app.register(authRoutes, { auth: service, oidc, secureCookies: config.secureCookies });
      await app.register(passwordResetRoutes, { reset: passwordReset });
      await app.register(twoFactorRoutes, { twoFactor });
    },
    tasks: [
      {
        name: 'accounts.purge-expired',
        intervalMs: 15 * 60_000,
        run: async () => {
          await service.purgeExpired();
          await oidc.purgeExpiredStates();
          await passwordReset.purgeExpired();
        },
      },
    ],
  };
  return { ...module, service, sessions };
}
