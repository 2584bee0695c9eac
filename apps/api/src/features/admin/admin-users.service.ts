import { randomBytes } from 'node:crypto';
import type {
  AdminUser,
  AdminUserCreated,
  AdminUserStats,
  AdminUsersQuery,
  AdminUserUpdate,
} from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword as argon2Hash } from '../../lib/password.ts';
import {
  type AccountChanges,
  type AccountService,
  normaliseEmail,
  type User,
} from '../account/account.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { assertPasswordAcceptable } from '../auth/password-policy.ts';
import type { AdminRepository, AdminUserRow } from './admin.repository.ts';
import './admin.messages.ts';

export interface Actor {
  id: string;
  email: string;
}

export function toAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    created_at: r.createdAt,
    last_login: r.lastLoginAt,
    is_active: r.isActive,
    preferred_currency: r.preferredCurrency,
    preferred_language: r.preferredLanguage,
    balance_base_cents: r.balanceBrl,
    profile: { full_name: r.fullName, phone_number: r.phoneNumber },
  };
}

/** 18 random bytes, base64url: 24 characters and 144 bits, far from any common-password list. */
export function generateTemporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The body's fields as column changes; an empty name or phone clears it. */
function toAccountChanges(body: AdminUserUpdate): AccountChanges {
  const changes: AccountChanges = {};
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  if (body.email !== undefined) changes.email = normaliseEmail(body.email);
  if (body.preferred_currency !== undefined) changes.preferredCurrency = body.preferred_currency;
  if (body.preferred_language !== undefined) changes.preferredLanguage = body.preferred_language;
  if (body.full_name !== undefined) changes.fullName = body.full_name || null;
  if (body.phone_number !== undefined) changes.phoneNumber = body.phone_number || null;
  return changes;
}

/** Only what really changes: a form that sends every field back writes (and audits) just the edits. */
function onlyDifferences(before: User, changes: AccountChanges): AccountChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(([k, v]) => before[k as keyof AccountChanges] !== v),
  ) as AccountChanges;
}

function pick(row: User, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k as keyof User]]));
}

/** The users service calls it EMAIL_TAKEN with the sign-up wording; staff get a text for their screen. */
async function withAdminEmailText<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.code === 'EMAIL_TAKEN') throw new AppError('USER_EMAIL_TAKEN', 409);
    throw err;
  }
}

/**
 * User management for admins (spec §2 "Users screen"): list, create, edit THAT user's account, change a
 * role, deactivate ("delete"), end sessions. Every change is audited with the admin, the before/after
 * and the address; the store always keeps at least one active admin.
 */
export function createAdminUsersService({
  db,
  repository,
  users,
  auth,
  audit,
  hashPassword = argon2Hash,
}: {
  db: Db;
  repository: Pick<AdminRepository, 'listUsers' | 'findUser' | 'userCounts'>;
  users: Pick<
    AccountService,
    'findById' | 'createUser' | 'updateAccount' | 'lockActiveAdminIds' | 'setPasswordHash'
  >;
  auth: Pick<AuthService, 'endAllSessions' | 'userChanged'>;
  audit: Pick<AuditService, 'record'>;
  hashPassword?: (password: string) => Promise<string>;
}) {
  async function found(id: string, ex?: Executor): Promise<AdminUser> {
    const row = await repository.findUser(id, ex);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return toAdminUser(row);
  }

  /** Refuses a change that would leave no active admin (called when `target` stops being one). */
  async function assertAnotherAdmin(tx: Executor, target: string): Promise<void> {
    const admins = await users.lockActiveAdminIds(tx);
    if (!admins.some((id) => id !== target)) throw new AppError('LAST_ADMIN', 409);
  }

  return {
    async list(query: AdminUsersQuery): Promise<{ items: AdminUser[]; total: number }> {
      const { skip, limit, ...filters } = query;
      const page = await repository.listUsers(filters, skip, limit);
      return { items: page.items.map(toAdminUser), total: page.total };
    },

    stats: (): Promise<AdminUserStats> => repository.userCounts(),

    get: (id: string) => found(id),

    async update(actor: Actor, id: string, body: AdminUserUpdate, ip: string): Promise<AdminUser> {
      const requested = toAccountChanges(body);
      const outcome = await withAdminEmailText(() =>
        db.transaction(async (tx) => {
          const before = await users.findById(id, tx);
          if (!before) throw new AppError('USER_NOT_FOUND', 404);
          const changes = onlyDifferences(before, requested);
          const keys = Object.keys(changes);
          if (keys.length === 0) return { deactivated: false, changed: false };
          const deactivated = changes.isActive === false;
          if (deactivated && actor.id === id) throw new AppError('CANNOT_DEACTIVATE_SELF', 409);
          if (deactivated && before.role === 'ADMIN') await assertAnotherAdmin(tx, id);
          const after = await users.updateAccount(id, changes, tx);
          if (!after) throw new AppError('USER_NOT_FOUND', 404);
          await audit.record(
            {
              // The screen's "delete" only deactivates; the log still calls it what the admin did.
              action: deactivated ? 'DELETE' : 'UPDATE',
              actor,
              entityType: 'users',
              entityId: id,
              ip,
              before: pick(before, keys),
              after: pick(after, keys),
            },
            tx,
          );
          return { deactivated, changed: true };
        }),
      );
      // After the commit (PGlite has one connection, busy until then). Until this runs the sessions are
      // refused anyway: every request loads its user and an inactive one is signed out on the spot.
      if (outcome.changed) auth.userChanged(id);
      if (outcome.deactivated) await auth.endAllSessions(id);
      return found(id);
    },

    async changeRole(actor: Actor, id: string, role: Role, ip: string): Promise<AdminUser> {
      await db.transaction(async (tx) => {
        const before = await users.findById(id, tx);
        if (!before) throw new AppError('USER_NOT_FOUND', 404);
        if (before.role === role) return;
        if (actor.id === id) throw new AppError('CANNOT_DEMOTE_SELF', 409);
        if (before.role === 'ADMIN' && before.isActive) await assertAnotherAdmin(tx, id);
        await users.updateAccount(id, { role }, tx);
        await audit.record(
          {
            action: 'UPDATE_ROLE',
            actor,
            entityType: 'users',
            entityId: id,
            ip,
            before: { role: before.role },
            after: { role },
          },
          tx,
        );
      });
      // Their next request loads the new role, here at once and elsewhere at the database's message.
      auth.userChanged(id);
      return found(id);
    },

    async create(
      actor: Actor,
      body: {
        email: string;
        password?: string;
        role: Role;
        preferred_language: AdminUser['preferred_language'];
        preferred_currency: AdminUser['preferred_currency'];
        is_active: boolean;
        profile?: { full_name?: string | null; phone_number?: string | null };
      },
      ip: string,
    ): Promise<AdminUserCreated> {
      const temporary = body.password === undefined ? generateTemporaryPassword() : undefined;
      if (body.password !== undefined) assertPasswordAcceptable(body.password);
      // Hashed before the transaction: ~10 ms of CPU that need not hold a connection.
      const passwordHash = await hashPassword(body.password ?? temporary!);
      const row = await withAdminEmailText(() =>
        db.transaction(async (tx) => {
          const created = await users.createUser(
            {
              email: body.email,
              passwordHash,
              role: body.role,
              preferredLanguage: body.preferred_language,
              preferredCurrency: body.preferred_currency,
              fullName: body.profile?.full_name || null,
              phoneNumber: body.profile?.phone_number || null,
              isActive: body.is_active,
              // A password the server made is for the first sign-in only.
              mustChangePassword: temporary !== undefined,
            },
            tx,
          );
          await audit.record(
            {
              action: 'CREATE',
              actor,
              entityType: 'users',
              entityId: created.id,
              ip,
              after: {
                email: created.email,
                role: created.role,
                isActive: created.isActive,
                fullName: created.fullName,
                phoneNumber: created.phoneNumber,
                preferredLanguage: created.preferredLanguage,
                preferredCurrency: created.preferredCurrency,
                // Whether the password was typed or generated; never the password itself.
                temporaryPassword: temporary !== undefined,
              },
            },
            tx,
          );
          return created;
        }),
      );
      const user = await found(row.id);
      return temporary === undefined ? user : { ...user, temporary_password: temporary };
    },

    /** A new generated password for a user who lost theirs: their sessions end; they must change it. */
    async issueTemporaryPassword(
      actor: Actor,
      id: string,
      ip: string,
    ): Promise<{ temporary_password: string }> {
      if (!(await users.findById(id))) throw new AppError('USER_NOT_FOUND', 404);
      const temporary = generateTemporaryPassword();
      const passwordHash = await hashPassword(temporary);
      await db.transaction(async (tx) => {
        await users.setPasswordHash(id, passwordHash, tx, true);
        await audit.record(
          { action: 'ISSUE_TEMPORARY_PASSWORD', actor, entityType: 'users', entityId: id, ip },
          tx,
        );
      });
      // After the commit (PGlite has one connection); the old password no longer works meanwhile.
      await auth.endAllSessions(id);
      return { temporary_password: temporary };
    },

    async revokeSessions(actor: Actor, id: string, ip: string): Promise<{ revoked: number }> {
      if (!(await users.findById(id))) throw new AppError('USER_NOT_FOUND', 404);
      const revoked = await auth.endAllSessions(id);
      await audit.record({
        action: 'REVOKE_SESSIONS',
        actor,
        entityType: 'users',
        entityId: id,
        ip,
        after: { sessions: revoked },
      });
      return { revoked };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
