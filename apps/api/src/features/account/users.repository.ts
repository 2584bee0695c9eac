import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'role' | 'preferredLanguage' | 'preferredCurrency' | 'fullName' | 'createdAt'
> &
  Partial<
    Pick<typeof users.$inferInsert, 'phoneNumber' | 'isActive' | 'mustChangePassword' | 'emailVerifiedAt'>
  >;
export type ProfileChanges = Partial<
  Pick<UserRow, 'fullName' | 'phoneNumber' | 'preferredLanguage' | 'preferredCurrency'>
>;

/** What an admin may change on someone's account (the profile fields plus email, role and active flag). */
export type AccountChanges = ProfileChanges &
  Partial<Pick<UserRow, 'email' | 'role' | 'isActive' | 'emailVerifiedAt'>>;

export function createUsersRepository(db: Executor) {
  return {
    async findById(id: string, ex: Executor = db): Promise<UserRow | undefined> {
      const [row] = await ex.select().from(users).where(eq(users.id, id));
      return row;
    },

    /** Matches whatever case the address was typed in (the unique index is on lower(email)). */
    async findByEmail(email: string, ex: Executor = db): Promise<UserRow | undefined> {
      const [row] = await ex.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    async insert(user: NewUser, ex: Executor = db): Promise<UserRow> {
      const [row] = await ex
        .insert(users)
        .values({ ...user, updatedAt: user.createdAt })
        .returning();
      return row!;
    },

    /** Writes the given fields; the service decides which fields the caller may change. */
    async update(
      id: string,
      changes: AccountChanges,
      at: Date,
      ex: Executor = db,
    ): Promise<UserRow | undefined> {
      const [row] = await ex
        .update(users)
        .set({ ...changes, updatedAt: at })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * Locks the rows of the active admins and returns their ids: two admins demoting or deactivating
     * each other at the same moment are served one after the other, so the second sees the first's change.
     */
    async lockActiveAdminIds(ex: Executor = db): Promise<string[]> {
      const rows = await ex
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true)))
        .for('update');
      return rows.map((r) => r.id);
    },

    async setPasswordHash(
      id: string,
      passwordHash: string,
      mustChangePassword: boolean,
      at: Date,
      ex: Executor = db,
    ): Promise<void> {
      await ex.update(users).set({ passwordHash, mustChangePassword, updatedAt: at }).where(eq(users.id, id));
    },

    async setLastLogin(id: string, at: Date, ex: Executor = db): Promise<void> {
      await ex.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
