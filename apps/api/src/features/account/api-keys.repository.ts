import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

export function createApiKeysRepository(db: Executor) {
  return {
    /**
     * Serialises key creation per user until the transaction ends, so two requests at once cannot both
     * see four live keys and both add a fifth.
     */
    async lockOwner(userId: string, tx: Tx): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`);
    },

    async countLive(userId: string, ex: Executor = db): Promise<number> {
      const [row] = await ex.select({ n: count() }).from(apiKeys).where(live(userId));
      return Number(row?.n ?? 0);
    },

    async insert(values: NewApiKey, ex: Executor = db): Promise<ApiKeyRow> {
      const [row] = await ex.insert(apiKeys).values(values).returning();
      return row!;
    },

    /** The user's live keys, oldest first (the order they were made in), with the owner's language. */
    async listLive(userId: string, page: { skip: number; limit: number }) {
      const [items, [total]] = await Promise.all([
        db
          .select({ key: apiKeys, language: users.preferredLanguage })
          .from(apiKeys)
          .innerJoin(users, eq(users.id, apiKeys.userId))
          .where(live(userId))
          .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
          .offset(page.skip)
          .limit(page.limit),
        db.select({ n: count() }).from(apiKeys).where(live(userId)),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async isLive(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), live(userId)));
      return Boolean(row);
    },

    /** One of the user's live keys, locked until the transaction ends, with the owner's language. */
    async lockLive(userId: string, id: string, tx: Tx) {
      const [row] = await tx
        .select({ key: apiKeys, language: users.preferredLanguage })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.id, id), live(userId)))
        .for('update', { of: apiKeys });
      return row ?? null;
    },

    async update(
      id: string,
      values: Partial<Pick<NewApiKey, 'currency' | 'webhookUrl' | 'webhookSecret'>>,
      tx: Tx,
    ): Promise<ApiKeyRow> {
      const [row] = await tx.update(apiKeys).set(values).where(eq(apiKeys.id, id)).returning();
      return row!;
    },

    /** Revokes one of the user's live keys; null when it is someone else's, unknown or already revoked. */
    async revoke(userId: string, id: string, at: Date, ex: Executor = db): Promise<ApiKeyRow | null> {
      const [row] = await ex
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), live(userId)))
        .returning();
      return row ?? null;
    },

    /** A live key and its owner, read together on every protocol request. */
    async findLiveByHash(keyHash: string) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          lastUsedAt: apiKeys.lastUsedAt,
          currency: apiKeys.currency,
          user: {
            id: users.id,
            isActive: users.isActive,
            preferredLanguage: users.preferredLanguage,
          },
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
      return row ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
