import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import type { FeatureModule } from '../../module.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { KnownDevices } from '../notifications/known-devices.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { emailAddressRoutes } from './email-address.routes.ts';
import { createEmailAddress } from './email-address.ts';
import { createEmailTokensRepository } from './email-tokens.repository.ts';
import { createOidcClient } from './oidc.client.ts';
import { createOidcRepository } from './oidc.repository.ts';
import { createOidcService } from './oidc.service.ts';
import { createPasswordChange, registerPasswordChangeGate } from './password-change.ts';
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
  config: Pick<
    Config,
    | 'oidc'
    | 'sessionMemoryMs'
    | 'publicUrl'
    | 'secureCookies'
    | 'registrationsPerHour'
    | 'requireStaff2fa'
    | 'requireEmailVerification'
  >;
  db: Db;
  users: AccountService;
  audit: AuditService;
  limiter: RateLimiter;
  mail: MailService;
  notices: NotificationsService;
  devices: KnownDevices;
  /** Where the registration limit is read on each sign-up; the environment's value when absent. */
  registrations?: () => Promise<RateLimitRule>;
  now: () => Date;
}) {
  const { config, db, users, audit, limiter, mail, notices, devices, now } = deps;
  const sessions = createSessionService({
    repository: createSessionRepository(db),
    memoryMs: config.sessionMemoryMs,
    now,
  });
  const twoFactor = createTwoFactor({
    db,
    repository: createTwoFactorRepository(db),
    mail,
    audit,
    limiter,
    requireStaff: config.requireStaff2fa,
    now,
  });
  const emailAddress = createEmailAddress({
    db,
    repository: createEmailTokensRepository(db),
    users,
    mail,
    audit,
    limiter,
    publicUrl: config.publicUrl,
    now,
  });
  const service = createAuthService({
    verification: { required: config.requireEmailVerification, send: emailAddress.sendVerification },
    secondFactor: twoFactor,
    devices,
    notices,
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
    notices,
    publicUrl: config.publicUrl,
    now,
  });
  const changePassword = createPasswordChange({ db, users, sessions, audit, limiter, notices, now });
  const module: FeatureModule = {
    routes: async (app) => {
      // On the root instance, before any other feature's routes: they guard every route (the first a
      // temporary password, the second a staff member without two-step verification).
      registerPasswordChangeGate(app);
      registerStaffTwoFactorGate(app, twoFactor);
      await app.register(authRoutes, {
        auth: service,
        oidc,
        secureCookies: config.secureCookies,
        emailVerification: config.requireEmailVerification,
      });
      await app.register(emailAddressRoutes, { emailAddress });
      await app.register(passwordResetRoutes, { reset: passwordReset, changePassword });
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
          await emailAddress.purgeExpired();
        },
      },
    ],
  };
  return { ...module, service, sessions };
}
