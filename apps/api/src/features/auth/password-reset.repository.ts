import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';

export function createPasswordResetRepository(db: Executor) {
  return {
    async insert(
      row: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
      ex: Executor = db,
    ) {
      await ex.insert(passwordResets).values(row);
    },

    async find(tokenHash: string, ex: Executor = db) {
      const [row] = await ex.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
      return row;
    },

    /** Uses the link once: of two requests with one token, only one gets the row back. */
    async markUsed(tokenHash: string, at: Date, ex: Executor = db) {
      const [row] = await ex
        .update(passwordResets)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row;
    },

    /** A new password makes every other link of that user worthless. */
    async useAllForUser(userId: string, at: Date, ex: Executor = db): Promise<void> {
      await ex
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    /** Housekeeping: links a day past their expiry are gone (a later click gets the same 400). */
    async deleteExpired(before: Date, ex: Executor = db): Promise<void> {
      await ex
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, sql`${before.toISOString()}::timestamptz`));
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
