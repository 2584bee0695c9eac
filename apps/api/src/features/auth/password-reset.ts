import { randomBytes } from 'node:crypto';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@numero/contract/auth';
import type { Db } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mailLanguage } from '../mail/mail.templates.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import type { PasswordResetRepository } from './password-reset.repository.ts';
import { type SessionService, sha256Hex } from './session.service.ts';

registerMessages({
  RESET_TOKEN_INVALID: {
    pt: 'Este link de redefinição de senha é inválido. Peça um novo link.',
    en: 'This password reset link is not valid. Please ask for a new link.',
  },
  RESET_TOKEN_EXPIRED: {
    pt: 'Este link de redefinição de senha expirou. Peça um novo link.',
    en: 'This password reset link has expired. Please ask for a new link.',
  },
  RESET_TOKEN_USED: {
    pt: 'Este link de redefinição de senha já foi usado. Peça um novo link se precisar.',
    en: 'This password reset link was already used. Ask for a new link if you need one.',
  },
});

/** A reset link works for 30 minutes, once. */
export const RESET_TTL_MS = 30 * 60_000;
/** Reset e-mails one address (IP) may ask for per hour, whichever accounts they are for. */
export const RESET_REQUESTS_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };
/** Reset e-mails per account address per hour: nobody can flood someone's inbox. */
export const RESET_REQUESTS_PER_EMAIL: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 };
/** Attempts to use a link per address (a 256-bit token is not guessable; this bounds the load). */
export const RESET_ATTEMPTS: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createPasswordReset({
  db,
  repository,
  users,
  sessions,
  mail,
  audit,
  limiter,
  notices,
  publicUrl,
  now,
}: {
  db: Db;
  repository: PasswordResetRepository;
  users: Pick<AccountService, 'findByEmail' | 'findById' | 'setPasswordHash' | 'updateAccount'>;
  sessions: Pick<SessionService, 'endAllForUser'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimiter, 'consume'>;
  notices: Pick<NotificationsService, 'notify'>;
  publicUrl: string;
  now: () => Date;
}) {
  return {
    /**
     * E-mails a single-use link to the account with this address, if there is an active one. The caller
     * learns nothing either way: the answer, and the limits counted, are the same.
     */
    async request(body: ForgotPasswordRequest, ip: string): Promise<void> {
      await limiter.consume(`reset-request:${ip}`, RESET_REQUESTS_PER_ADDRESS);
      await limiter.consume(`reset-request-email:${body.email}`, RESET_REQUESTS_PER_EMAIL);
      const user = await users.findByEmail(body.email);
      if (!user?.isActive) return;
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db.transaction(async (tx) => {
        await repository.insert(
          {
            tokenHash: sha256Hex(token),
            userId: user.id,
            createdAt: at,
            expiresAt: new Date(at.getTime() + RESET_TTL_MS),
          },
          tx,
        );
        await mail.enqueue(
          {
            to: user.email,
            userId: user.id,
            lang: mailLanguage(user.preferredLanguage),
            template: 'password_reset',
            // In the fragment, so the token never reaches a server log or a Referer header.
            params: { url: `${publicUrl}/reset-password#token=${token}`, minutes: RESET_TTL_MS / 60_000 },
          },
          tx,
        );
        await audit.record(
          {
            action: 'PASSWORD_RESET_REQUESTED',
            actor: { id: user.id, email: user.email },
            entityType: 'users',
            entityId: user.id,
            ip,
          },
          tx,
        );
      });
      mail.kick();
    },

    /**
     * Sets a new password with a link's token: the token is used up, every session of the user ends, and
     * the user is told by e-mail. A weak password leaves the link usable.
     */
    async reset(body: ResetPasswordRequest, ip: string): Promise<void> {
      await limiter.consume(`reset-attempt:${ip}`, RESET_ATTEMPTS);
      if (!TOKEN_SHAPE.test(body.token)) throw new AppError('RESET_TOKEN_INVALID', 400);
      const tokenHash = sha256Hex(body.token);
      const found = await repository.find(tokenHash);
      if (!found) throw new AppError('RESET_TOKEN_INVALID', 400);
      if (found.usedAt) throw new AppError('RESET_TOKEN_USED', 400);
      if (new Date(found.expiresAt).getTime() <= now().getTime())
        throw new AppError('RESET_TOKEN_EXPIRED', 400);
      assertPasswordAcceptable(body.password);
      const passwordHash = await hashPassword(body.password);
      const user = await users.findById(found.userId);
      if (!user?.isActive) throw new AppError('RESET_TOKEN_INVALID', 400);
      const at = now();
      await db.transaction(async (tx) => {
        // Of two requests racing with one link, the second finds it used.
        if (!(await repository.markUsed(tokenHash, at, tx))) throw new AppError('RESET_TOKEN_USED', 400);
        await users.setPasswordHash(user.id, passwordHash, tx);
        // The link reached the mailbox: that confirms the address as well as a verification link would.
        if (!user.emailVerifiedAt) await users.updateAccount(user.id, { emailVerifiedAt: at }, tx);
        await repository.useAllForUser(user.id, at, tx);
        const ended = await sessions.endAllForUser(user.id, tx);
        await notices.notify(
          user,
          'password_changed',
          { at: at.toISOString().slice(0, 16).replace('T', ' '), everywhere: true },
          tx,
        );
        await audit.record(
          {
            action: 'PASSWORD_RESET',
            actor: { id: user.id, email: user.email },
            entityType: 'users',
            entityId: user.id,
            ip,
            after: { sessions_ended: ended },
          },
          tx,
        );
      });
      mail.kick();
    },

    purgeExpired: () => repository.deleteExpired(new Date(now().getTime() - 24 * 60 * 60_000)),
  };
}
export type PasswordReset = ReturnType<typeof createPasswordReset>;
