import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';

export type EmailTokenRow = typeof emailTokens.$inferSelect;

export function createEmailTokensRepository(db: Executor) {
  return {
    async insert(
      row: Pick<EmailTokenRow, 'tokenHash' | 'userId' | 'purpose' | 'newEmail' | 'createdAt' | 'expiresAt'>,
      ex: Executor = db,
    ): Promise<void> {
      await ex.insert(emailTokens).values(row);
    },

    async find(tokenHash: string, ex: Executor = db): Promise<EmailTokenRow | undefined> {
      const [row] = await ex.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash));
      return row;
    },

    /** Uses the link once: of two requests with one token, only one gets true. */
    async markUsed(tokenHash: string, at: Date, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, at),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return rows.length > 0;
    },

    /** A newer link of the same purpose replaces the older ones (only the last e-mail works). */
    async useAllForUser(userId: string, purpose: EmailTokenRow['purpose'], at: Date, ex: Executor = db) {
      await ex
        .update(emailTokens)
        .set({ usedAt: at })
        .where(
          and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
        );
    },

    async deleteExpired(before: Date, ex: Executor = db): Promise<void> {
      await ex
        .delete(emailTokens)
        .where(lt(emailTokens.expiresAt, sql`${before.toISOString()}::timestamptz`));
    },
  };
}
export type EmailTokensRepository = ReturnType<typeof createEmailTokensRepository>;
