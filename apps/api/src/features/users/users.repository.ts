import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'role' | 'preferredLanguage' | 'preferredCurrency' | 'fullName' | 'createdAt'
>;
export type ProfileChanges = Partial<
  Pick<UserRow, 'fullName' | 'phoneNumber' | 'preferredLanguage' | 'preferredCurrency'>
>;

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

    async updateProfile(
      id: string,
      changes: ProfileChanges,
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

    async setLastLogin(id: string, at: Date, ex: Executor = db): Promise<void> {
      await ex.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
