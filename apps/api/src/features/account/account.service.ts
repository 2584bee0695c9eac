import type { CurrentUser, ProfileUpdate } from '@numero/contract/account';
import type { Role } from '@numero/contract/common';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../http/request-user.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type {
  AccountChanges,
  NewUser,
  ProfileChanges,
  UserRow,
  UsersRepository,
} from './users.repository.ts';

import './account.messages.ts';

/** A user account as the other features see it (auth checks its password hash, admin edits it). */
export type User = UserRow;
export type { AccountChanges };

/** Users type their email in any case and with stray spaces; it is stored trimmed and in lowercase. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toCurrentUser(
  row: Pick<
    UserRow,
    | 'id'
    | 'email'
    | 'role'
    | 'isActive'
    | 'preferredLanguage'
    | 'preferredCurrency'
    | 'fullName'
    | 'phoneNumber'
    | 'createdAt'
    | 'mustChangePassword'
  >,
): CurrentUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    roles: [row.role],
    is_active: row.isActive,
    preferred_language: row.preferredLanguage,
    preferred_currency: row.preferredCurrency,
    profile: { full_name: row.fullName, phone_number: row.phoneNumber },
    created_at: new Date(row.createdAt).toISOString(),
    must_change_password: row.mustChangePassword,
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

export function createAccountService({
  repository,
  audit,
  now,
}: {
  repository: UsersRepository;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  return {
    findById: (id: string, ex?: Executor) => repository.findById(id, ex),
    findByEmail: (email: string, ex?: Executor) => repository.findByEmail(normaliseEmail(email), ex),

    /** Creates an account; a taken address (in any case) is a 409 EMAIL_TAKEN. */
    async createUser(
      user: Omit<NewUser, 'createdAt' | 'role'> & { role?: Role },
      ex?: Executor,
    ): Promise<UserRow> {
      const email = normaliseEmail(user.email);
      if (await repository.findByEmail(email, ex)) throw new AppError('EMAIL_TAKEN', 409);
      try {
        return await repository.insert(
          { ...user, email, role: user.role ?? 'CUSTOMER', createdAt: now() },
          ex,
        );
      } catch (err) {
        // Two registrations of one address at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 409);
        throw err;
      }
    },

    /**
     * Changes another user's account (the admin screens): the caller authorises and audits. A new email
     * taken by someone else, in any case, is a 409 EMAIL_TAKEN; undefined when there is no such user.
     */
    async updateAccount(id: string, changes: AccountChanges, ex?: Executor): Promise<UserRow | undefined> {
      const next = { ...changes };
      if (next.email !== undefined) {
        next.email = normaliseEmail(next.email);
        const owner = await repository.findByEmail(next.email, ex);
        if (owner && owner.id !== id) throw new AppError('EMAIL_TAKEN', 409);
      }
      try {
        return await repository.update(id, next, now(), ex);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 409);
        throw err;
      }
    },

    /** The ids of the active admins, their rows locked until the caller's transaction ends. */
    lockActiveAdminIds: (ex: Executor) => repository.lockActiveAdminIds(ex),

    /**
     * Replaces a user's password hash (the caller proved the right to, e.g. with a reset link). A password
     * the user chose clears the temporary flag; one an admin issued (`temporary`) sets it.
     */
    async setPasswordHash(id: string, passwordHash: string, ex?: Executor, temporary = false): Promise<void> {
      await repository.setPasswordHash(id, passwordHash, temporary, now(), ex);
    },

    async recordLogin(id: string, at: Date, ex?: Executor): Promise<void> {
      await repository.setLastLogin(id, at, ex);
    },

    /**
     * The caller as `GET /users/me` shows them, from what the session read already loaded (a session is
     * only live while its user is active): no second read of the user.
     */
    currentUserOf(caller: SessionUser): CurrentUser {
      return toCurrentUser({ ...caller, isActive: true });
    },

    /** The caller edits their own profile; the email and the role are not editable here. */
    async updateProfile(
      actor: { id: string; email: string },
      update: ProfileUpdate,
      ip: string,
    ): Promise<CurrentUser> {
      const changes: ProfileChanges = {};
      if (update.full_name !== undefined) changes.fullName = update.full_name || null;
      if (update.phone_number !== undefined) changes.phoneNumber = update.phone_number || null;
      if (update.preferred_language) changes.preferredLanguage = update.preferred_language;
      if (update.preferred_currency) changes.preferredCurrency = update.preferred_currency;
      const before = await repository.findById(actor.id);
      if (!before) throw new AppError('USER_NOT_FOUND', 404);
      if (Object.keys(changes).length === 0) return toCurrentUser(before);
      const row = await repository.update(actor.id, changes, now());
      if (!row) throw new AppError('USER_NOT_FOUND', 404);
      await audit.record({
        action: 'UPDATE',
        actor,
        entityType: 'users',
        entityId: actor.id,
        ip,
        before: pick(before, changes),
        after: pick(row, changes),
      });
      return toCurrentUser(row);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

function pick(row: UserRow, changes: ProfileChanges): Record<string, unknown> {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof ProfileChanges]]));
}
