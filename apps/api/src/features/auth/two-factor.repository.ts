import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, userTotp } from '../../db/schema/index.ts';

export function createTwoFactorRepository(db: Executor) {
  return {
    async find(userId: string, ex: Executor = db) {
      const [row] = await ex.select().from(userTotp).where(eq(userTotp.userId, userId));
      return row;
    },

    /** A new secret waiting for its first code; replaces an earlier unconfirmed one. */
    async savePending(userId: string, secret: string, at: Date, ex: Executor = db): Promise<void> {
      await ex
        .insert(userTotp)
        .values({ userId, secret, createdAt: at })
        .onConflictDoUpdate({
          target: userTotp.userId,
          set: { secret, createdAt: at, lastTimeStep: null },
          setWhere: isNull(userTotp.enabledAt),
        });
    },

    async enable(userId: string, at: Date, timeStep: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(userTotp)
        .set({ enabledAt: at, lastTimeStep: timeStep })
        .where(and(eq(userTotp.userId, userId), isNull(userTotp.enabledAt)))
        .returning({ userId: userTotp.userId });
      return rows.length === 1;
    },

    /**
     * Records the time step of an accepted code; false when that step (or a later one) was already used,
     * so of two sign-ins racing with one code only one passes.
     */
    async useTimeStep(userId: string, timeStep: number, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(userTotp)
        .set({ lastTimeStep: timeStep })
        .where(
          and(
            eq(userTotp.userId, userId),
            isNotNull(userTotp.enabledAt),
            or(isNull(userTotp.lastTimeStep), lt(userTotp.lastTimeStep, timeStep)),
          ),
        )
        .returning({ userId: userTotp.userId });
      return rows.length === 1;
    },

    async remove(userId: string, ex: Executor = db): Promise<void> {
      await ex.delete(userTotp).where(eq(userTotp.userId, userId));
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    async replaceRecoveryCodes(userId: string, hashes: string[], ex: Executor = db): Promise<void> {
      await ex.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await ex.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Uses a recovery code once: true only for the request that marked it used. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date, ex: Executor = db): Promise<boolean> {
      const rows = await ex
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },

    async recoveryCodesLeft(userId: string, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /** Whether the user signs in with a second factor (a confirmed authenticator). */
    async isEnabled(userId: string, ex: Executor = db): Promise<boolean> {
      const [row] = await ex
        .select({ on: sql<boolean>`true` })
        .from(userTotp)
        .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
      return Boolean(row);
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
