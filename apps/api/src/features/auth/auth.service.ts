import { randomBytes } from 'node:crypto';
import type { CurrentUser } from '@numero/contract/account';
import type { RegisterBody } from '@numero/contract/auth';
import type { Db } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import {
  type RateLimiter,
  type RateLimitHit,
  type RateLimitRule,
  rateLimited,
} from '../../http/rate-limit.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type AccountService, normaliseEmail, toCurrentUser, type User } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { KnownDevices } from '../notifications/known-devices.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import type { SessionMeta, SessionService } from './session.service.ts';
import type { TwoFactor } from './two-factor.ts';

registerMessages({
  INVALID_CREDENTIALS: { pt: 'Email ou senha incorretos.', en: 'Incorrect email or password.' },
  ACCOUNT_INACTIVE: {
    pt: 'Esta conta está desativada. Entre em contato com o suporte.',
    en: 'This account is deactivated. Please contact support.',
  },
});

/** Five failed sign-ins for one email from one address in 15 minutes, then 429 until the window ends. */
export const LOGIN_FAILURES: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
/** Ten registrations an hour from one address. */
/**
 * Wrong passwords from one address across every account (password spraying: one guess on each of many
 * accounts never trips the per-account count). Past this, the address waits out the window.
 */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
/** New accounts per address per hour, unless configured otherwise (REGISTRATIONS_PER_HOUR). */
export const REGISTRATIONS: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };

export interface RequestMeta extends SessionMeta {
  ip: string;
  /** The token of the session cookie the caller already holds, if any: replaced at sign-in. */
  previousToken?: string;
  /** The browser's device cookie, if it has one: a browser never seen for this user is news to them. */
  deviceToken?: string;
}

/** A completed sign-in: the session cookie's token, the browser's device cookie, and who signed in. */
export interface SignedIn {
  token: string;
  deviceToken: string;
  user: CurrentUser;
}

// An unknown email is checked against this hash so that it costs what a wrong password costs.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  // Not kept when refused (too many hashes waiting): the next unknown email tries again.
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url')).catch((err) => {
    dummyHash = undefined;
    throw err;
  });
  return dummyHash;
}

export function createAuthService({
  db,
  users,
  sessions,
  audit,
  limiter,
  registrations = REGISTRATIONS,
  secondFactor,
  devices,
  notices,
  verification,
  now,
}: {
  db: Db;
  /** Whether a new account confirms its address before signing in, and how its link is sent. */
  verification: { required: boolean; send: (user: User) => Promise<void> };
  devices: Pick<KnownDevices, 'recordSignIn' | 'isKnown'>;
  notices: Pick<NotificationsService, 'kick'>;
  secondFactor: Pick<TwoFactor, 'isEnabled' | 'verifySecondFactor'>;
  users: Pick<AccountService, 'findByEmail' | 'createUser' | 'recordLogin'>;
  sessions: Pick<SessionService, 'start' | 'end' | 'endAllForUser' | 'forget' | 'purgeExpired'>;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimiter, 'consume' | 'hit' | 'peek' | 'clear' | 'purgeExpired'>;
  /** A rule, or where to read it each time (staff change it in the store's settings). */
  registrations?: RateLimitRule | (() => Promise<RateLimitRule>);
  now: () => Date;
}) {
  const loginFailed = (email: string, user: User | undefined, ip: string, reason: string) =>
    audit.record({
      action: 'LOGIN_FAILED',
      actor: { id: user?.id ?? null, email },
      entityType: 'users',
      entityId: user?.id ?? null,
      ip,
      after: { reason },
    });

  /**
   * Opens a session for a user whose identity is proven: a new token every time, the session the
   * caller held before ended, last_login_at and the audit log written in the same transaction.
   */
  async function completeSignIn(
    user: User,
    meta: RequestMeta,
    method: 'password' | 'oidc',
  ): Promise<SignedIn> {
    const at = now();
    const { token, deviceToken } = await db.transaction(async (tx) => {
      if (meta.previousToken) await sessions.end(meta.previousToken, tx);
      const session = await sessions.start(user.id, meta, tx);
      await users.recordLogin(user.id, at, tx);
      const device = { deviceToken: meta.deviceToken, userAgent: meta.userAgent, ip: meta.ip };
      await audit.record(
        {
          action: 'LOGIN',
          actor: { id: user.id, email: user.email },
          entityType: 'users',
          entityId: user.id,
          ip: meta.ip,
          after: { method },
        },
        tx,
      );
      return { ...session, deviceToken: await devices.recordSignIn(user, device, tx) };
    });
    notices.kick();
    return { token, deviceToken, user: toCurrentUser(user) };
  }

  /** The browser's device cookie is one this account has signed in with (a carrier's NAT is not it). */
  const knownBrowser = async (email: string, meta: RequestMeta) => {
    if (!meta.deviceToken) return false;
    const user = await users.findByEmail(email);
    return user ? devices.isKnown(user.id, meta.deviceToken) : false;
  };

  return {
    /** Creates a CUSTOMER account. It does not sign in: the web sends the user to /login afterwards. */
    async register(body: RegisterBody, meta: RequestMeta): Promise<CurrentUser> {
      const rule = typeof registrations === 'function' ? await registrations() : registrations;
      await limiter.consume(`register:${meta.ip}`, rule);
      assertPasswordAcceptable(body.password);
      const user = await users.createUser({
        email: body.email,
        passwordHash: await hashPassword(body.password),
        preferredLanguage: body.preferred_language,
        preferredCurrency: body.preferred_currency,
        fullName: null,
        emailVerifiedAt: verification.required ? null : now(),
      });
      await audit.record({
        action: 'REGISTER',
        actor: { id: user.id, email: user.email },
        entityType: 'users',
        entityId: user.id,
        ip: meta.ip,
        after: { method: 'password', role: user.role },
      });
      if (verification.required) await verification.send(user);
      return toCurrentUser(user);
    },

    /**
     * Email and password sign-in. An unknown email and a wrong password answer alike (same status, body
     * and cost); failures are counted per email and address, and a success clears the count.
     */
    async login(
      credentials: { username: string; password: string; otp?: string | undefined },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const email = normaliseEmail(credentials.username);
      const key = `login:${email}:${meta.ip}`;
      const addressKey = `login-failures:${meta.ip}`;
      // An address others sprayed from: held before the password is looked at, so it learns nothing, not
      // even a right guess. A browser this account signed in with before is not held, and neither is
      // whoever brings the password with a correct second factor, which no sprayer has (any other
      // outcome gets the same 429).
      let held: RateLimitHit | null = null;
      try {
        const failures = await limiter.peek(addressKey);
        if (
          failures &&
          failures.count >= LOGIN_FAILURES_PER_ADDRESS.limit &&
          !(await knownBrowser(email, meta))
        )
          held = failures;
        if (held && !credentials.otp) throw rateLimited(held.resetAt, now());
        // Counted before the check so that parallel guesses cannot all slip in under the limit.
        await limiter.consume(key, LOGIN_FAILURES);
      } catch (err) {
        await loginFailed(email, undefined, meta.ip, 'rate_limited');
        throw err;
      }
      const user = await users.findByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), credentials.password);
      if (held) {
        const secondFactorRight =
          user?.passwordHash &&
          valid &&
          (await secondFactor.isEnabled(user.id)) &&
          (await secondFactor.verifySecondFactor(user.id, credentials.otp ?? '', meta.ip));
        if (!secondFactorRight) {
          await loginFailed(email, user, meta.ip, 'rate_limited');
          throw rateLimited(held.resetAt, now());
        }
      }
      if (!user?.passwordHash || !valid) {
        await limiter.hit(addressKey, LOGIN_FAILURES_PER_ADDRESS);
        await loginFailed(email, user, meta.ip, 'invalid_credentials');
        throw new AppError('INVALID_CREDENTIALS', 401);
      }
      if (!user.isActive) {
        await loginFailed(email, user, meta.ip, 'inactive');
        throw new AppError('ACCOUNT_INACTIVE', 403);
      }
      if (verification.required && !user.emailVerifiedAt) {
        await loginFailed(email, user, meta.ip, 'email_not_verified');
        throw new AppError('EMAIL_NOT_VERIFIED', 403);
      }
      if (!held && (await secondFactor.isEnabled(user.id))) {
        // The password was right: the form asks for the code and sends both again.
        if (!credentials.otp) throw new AppError('TOTP_REQUIRED', 401);
        if (!(await secondFactor.verifySecondFactor(user.id, credentials.otp, meta.ip))) {
          await limiter.hit(addressKey, LOGIN_FAILURES_PER_ADDRESS);
          await loginFailed(email, user, meta.ip, 'invalid_second_factor');
          throw new AppError('TOTP_INVALID', 401);
        }
      }
      await limiter.clear(key);
      return completeSignIn(user, meta, 'password');
    },

    completeSignIn,

    /** Ends the caller's session on the server; harmless when there is none. */
    async logout(token: string | undefined, actor: { id: string; email: string } | null, ip: string) {
      const ended = token ? await sessions.end(token) : undefined;
      if (!ended) return;
      await audit.record({
        action: 'LOGOUT',
        actor: actor ?? { id: ended.userId, email: null },
        entityType: 'users',
        entityId: ended.userId,
        ip,
      });
    },

    /** This process changed a user's row (an admin's edit): their next request here reads it afresh. */
    userChanged(userId: string): void {
      sessions.forget(userId);
    },

    /** Signs a user out of every session (for an admin ending someone's sessions). */
    endAllSessions(userId: string): Promise<number> {
      return sessions.endAllForUser(userId);
    },

    /** Housekeeping: drops expired sessions and finished rate-limit windows (both refused anyway). */
    async purgeExpired(): Promise<void> {
      await sessions.purgeExpired();
      await limiter.purgeExpired();
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
