import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { oauthIdentities, oauthStates } from '../../db/schema/index.ts';

export type NewOauthState = typeof oauthStates.$inferInsert;
export type NewOauthIdentity = typeof oauthIdentities.$inferInsert;

export function createOidcRepository(db: Executor) {
  return {
    async insertState(state: NewOauthState, ex: Executor = db): Promise<void> {
      await ex.insert(oauthStates).values(state);
    },

    /**
     * Redeems a pending sign-in: deletes and returns it only when it exists, belongs to this browser and has
     * not expired, in one statement, so two callbacks racing with one state cannot both get it.
     * A foreign browser's attempt leaves the row alone (it cannot burn someone else's sign-in).
     */
    async takeState(stateHash: string, bindingHash: string, at: Date, ex: Executor = db) {
      const [row] = await ex
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, stateHash),
            eq(oauthStates.bindingHash, bindingHash),
            gt(oauthStates.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    async deleteExpiredStates(at: Date, ex: Executor = db): Promise<void> {
      await ex.delete(oauthStates).where(lt(oauthStates.expiresAt, at));
    },

    async findIdentity(provider: string, subject: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(oauthIdentities)
        .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)));
      return row;
    },

    async insertIdentity(identity: NewOauthIdentity, ex: Executor = db): Promise<void> {
      await ex.insert(oauthIdentities).values(identity);
    },
  };
}
export type OidcRepository = ReturnType<typeof createOidcRepository>;
