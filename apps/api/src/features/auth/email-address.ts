import { createHash, randomBytes } from 'node:crypto';
import type {
  ChangeEmailRequest,
  ResendVerificationRequest,
  VerifyEmailRequest,
} from '@numero/contract/auth';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.ts';
import { verifyPassword } from '../../lib/password.ts';
import { type AccountService, normaliseEmail, type User } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { mailLanguage } from '../mail/mail.templates.ts';
import { LOGIN_FAILURES } from './auth.service.ts';
import type { EmailTokensRepository } from './email-tokens.repository.ts';
import './password-change.ts';

registerMessages({
  EMAIL_NOT_VERIFIED: {
    pt: 'Confirme seu email antes de entrar: abra o link que enviamos para o seu endereço.',
    en: 'Confirm your email before signing in: open the link we sent to your address.',
  },
  EMAIL_TOKEN_INVALID: {
    pt: 'Link de confirmação inválido. Peça um novo.',
    en: 'Invalid confirmation link. Ask for a new one.',
  },
  EMAIL_TOKEN_EXPIRED: {
    pt: 'Este link de confirmação expirou. Peça um novo.',
    en: 'This confirmation link has expired. Ask for a new one.',
  },
  EMAIL_TOKEN_USED: {
    pt: 'Este link de confirmação já foi usado.',
    en: 'This confirmation link was already used.',
  },
  EMAIL_UNCHANGED: {
    pt: 'O novo email é igual ao atual.',
    en: 'The new email is the same as the current one.',
  },
});

/** A verification link is valid 48 hours; an e-mail change link 24 hours. */
export const VERIFY_TTL_MS = 48 * 60 * 60_000;
export const CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Resent verification links: three an hour per address, ten an hour per client. */
export const RESENDS_PER_EMAIL: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 };
export const RESENDS_PER_ADDRESS: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 };
/** Links tried per client address, right or wrong, before it waits. */
export const CONFIRM_ATTEMPTS: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The account's address: confirmed at registration (when REQUIRE_EMAIL_VERIFICATION is on) and changed
 * only through a link sent to the new address, the old one being told. Links are single-use, kept hashed.
 */
export function createEmailAddress({
  db,
  repository,
  users,
  mail,
  audit,
  limiter,
  publicUrl,
  now,
}: {
  db: Db;
  repository: EmailTokensRepository;
  users: Pick<AccountService, 'findById' | 'findByEmail' | 'updateAccount'>;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimiter, 'consume' | 'clear'>;
  publicUrl: string;
  now: () => Date;
}) {
  /** A new link, the older ones of that purpose used up; the token is in the URL's fragment only. */
  async function newLink(user: User, purpose: 'verify' | 'change', newEmail: string | null, ex: Executor) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await repository.useAllForUser(user.id, purpose, at, ex);
    const ttl = purpose === 'verify' ? VERIFY_TTL_MS : CHANGE_TTL_MS;
    await repository.insert(
      {
        tokenHash: sha256Hex(token),
        userId: user.id,
        purpose,
        newEmail,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttl),
      },
      ex,
    );
    return { url: `${publicUrl}/verify-email#token=${token}`, hours: ttl / 3_600_000 };
  }

  async function sendVerification(user: User): Promise<void> {
    await db.transaction(async (tx) => {
      const params = await newLink(user, 'verify', null, tx);
      const lang = mailLanguage(user.preferredLanguage);
      await mail.enqueue({ to: user.email, userId: user.id, lang, template: 'email_verify', params }, tx);
    });
    mail.kick();
  }

  return {
    sendVerification,

    /** Sends a new verification link to an unconfirmed account; the answer is the same for any address. */
    async resend(body: ResendVerificationRequest, ip: string): Promise<void> {
      await limiter.consume(`verify-resend:${ip}`, RESENDS_PER_ADDRESS);
      await limiter.consume(`verify-resend-email:${body.email}`, RESENDS_PER_EMAIL);
      const user = await users.findByEmail(body.email);
      if (user?.isActive && !user.emailVerifiedAt) await sendVerification(user);
    },

    /** Opens a link: confirms the account's address, or applies the change it was sent for. */
    async confirm(body: VerifyEmailRequest, ip: string): Promise<void> {
      await limiter.consume(`email-confirm:${ip}`, CONFIRM_ATTEMPTS);
      if (!TOKEN_SHAPE.test(body.token)) throw new AppError('EMAIL_TOKEN_INVALID', 400);
      const tokenHash = sha256Hex(body.token);
      const found = await repository.find(tokenHash);
      if (!found) throw new AppError('EMAIL_TOKEN_INVALID', 400);
      if (found.usedAt) throw new AppError('EMAIL_TOKEN_USED', 400);
      const at = now();
      if (new Date(found.expiresAt).getTime() <= at.getTime()) throw new AppError('EMAIL_TOKEN_EXPIRED', 400);
      const user = await users.findById(found.userId);
      if (!user?.isActive) throw new AppError('EMAIL_TOKEN_INVALID', 400);
      await db.transaction(async (tx) => {
        if (!(await repository.markUsed(tokenHash, at, tx))) throw new AppError('EMAIL_TOKEN_USED', 400);
        // An address someone else took meanwhile is a 409 and the link stays unused.
        const changes = found.newEmail
          ? { email: found.newEmail, emailVerifiedAt: at }
          : { emailVerifiedAt: at };
        await users.updateAccount(user.id, changes, tx);
        await audit.record(
          {
            action: found.newEmail ? 'EMAIL_CHANGED' : 'EMAIL_VERIFIED',
            actor: { id: user.id, email: found.newEmail ?? user.email },
            entityType: 'users',
            entityId: user.id,
            ip,
            ...(found.newEmail ? { before: { email: user.email }, after: { email: found.newEmail } } : {}),
          },
          tx,
        );
      });
    },

    /**
     * The signed-in user asks to change their address, proving it is them with their password: the new
     * address gets the link that makes the change, the old one is told.
     */
    async requestChange(caller: { id: string }, body: ChangeEmailRequest, ip: string): Promise<void> {
      const key = `email-change:${caller.id}`;
      await limiter.consume(key, LOGIN_FAILURES);
      const user = await users.findById(caller.id);
      if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.password)))
        throw new AppError('CURRENT_PASSWORD_WRONG', 422);
      await limiter.clear(key);
      const newEmail = normaliseEmail(body.new_email);
      if (newEmail === user.email) throw new AppError('EMAIL_UNCHANGED', 422);
      if (await users.findByEmail(newEmail)) throw new AppError('EMAIL_TAKEN', 409);
      const lang = mailLanguage(user.preferredLanguage);
      await db.transaction(async (tx) => {
        const params = await newLink(user, 'change', newEmail, tx);
        await mail.enqueue(
          { to: newEmail, userId: user.id, lang, template: 'email_change_confirm', params },
          tx,
        );
        await mail.enqueue(
          {
            to: user.email,
            userId: user.id,
            lang,
            template: 'email_change_requested',
            params: { newAddress: newEmail },
          },
          tx,
        );
        await audit.record(
          {
            action: 'EMAIL_CHANGE_REQUESTED',
            actor: { id: user.id, email: user.email },
            entityType: 'users',
            entityId: user.id,
            ip,
            after: { email: newEmail },
          },
          tx,
        );
      });
      mail.kick();
    },

    purgeExpired: () => repository.deleteExpired(new Date(now().getTime() - 24 * 60 * 60_000)),
  };
}
export type EmailAddress = ReturnType<typeof createEmailAddress>;
