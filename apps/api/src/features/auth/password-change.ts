import type { ChangePasswordRequest } from '@numero/contract/auth';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, registerMessages } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccountService } from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { LOGIN_FAILURES } from './auth.service.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import type { SessionService } from './session.service.ts';

registerMessages({
  PASSWORD_CHANGE_REQUIRED: {
    pt: 'Você entrou com uma senha temporária. Defina uma nova senha para continuar.',
    en: 'You signed in with a temporary password. Set a new password to continue.',
  },
  CURRENT_PASSWORD_WRONG: {
    pt: 'A senha atual está incorreta.',
    en: 'The current password is incorrect.',
  },
  PASSWORD_UNCHANGED: {
    pt: 'A nova senha deve ser diferente da atual.',
    en: 'The new password must be different from the current one.',
  },
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to a user who still holds a temporary password (changing it, /users/me, sign-out). */
    beforePasswordChange?: boolean;
  }
}

/**
 * A user signed in with a password an admin issued is refused every route (403 PASSWORD_CHANGE_REQUIRED)
 * but those marked `beforePasswordChange` until they set one of their own: whoever saw the temporary
 * password (the admin, a chat log) cannot use the account. Registered after the session is loaded.
 */
export function registerPasswordChangeGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.user?.mustChangePassword) return;
    if (request.routeOptions.config?.beforePasswordChange) return;
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 403);
  });
}

/**
 * The signed-in user sets a new password: the current one proves it is them (wrong guesses are counted
 * like sign-in failures), the new one follows the rules of registration and differs from the current
 * one. It clears the temporary flag and ends every other session of the user; this one stays.
 */
export function createPasswordChange({
  db,
  users,
  sessions,
  audit,
  limiter,
  notices,
  now,
}: {
  db: Db;
  users: Pick<AccountService, 'findById' | 'setPasswordHash'>;
  sessions: Pick<SessionService, 'endOthersForUser'>;
  audit: Pick<AuditService, 'record'>;
  limiter: Pick<RateLimiter, 'consume' | 'clear'>;
  notices: Pick<NotificationsService, 'notify' | 'kick'>;
  now: () => Date;
}) {
  return async function changePassword(
    caller: { id: string; email: string; sessionId: string },
    body: ChangePasswordRequest,
    ip: string,
  ): Promise<void> {
    const key = `password-change:${caller.id}`;
    await limiter.consume(key, LOGIN_FAILURES);
    const user = await users.findById(caller.id);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, body.current_password)))
      throw new AppError('CURRENT_PASSWORD_WRONG', 422);
    await limiter.clear(key);
    if (body.new_password === body.current_password) throw new AppError('PASSWORD_UNCHANGED', 422);
    assertPasswordAcceptable(body.new_password);
    const passwordHash = await hashPassword(body.new_password);
    await db.transaction(async (tx) => {
      await users.setPasswordHash(user.id, passwordHash, tx);
      const ended = await sessions.endOthersForUser(user.id, caller.sessionId, tx);
      await notices.notify(
        user,
        'password_changed',
        { at: now().toISOString().slice(0, 16).replace('T', ' '), everywhere: false },
        tx,
      );
      await audit.record(
        {
          action: 'PASSWORD_CHANGE',
          actor: { id: user.id, email: user.email },
          entityType: 'users',
          entityId: user.id,
          ip,
          after: { was_temporary: user.mustChangePassword, sessions_ended: ended },
        },
        tx,
      );
    });
    notices.kick();
  };
}
export type ChangePassword = ReturnType<typeof createPasswordChange>;
