import { MAX_FAVOURITES } from '@numero/contract/catalog';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favouriteServices, services } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import './catalog.messages.ts';

/** Each customer's favourite services: a short list of codes, the most recently chosen first. */
export function createFavourites(db: Db) {
  return {
    async list(userId: string): Promise<string[]> {
      const rows = await db
        .select({ code: favouriteServices.serviceCode })
        .from(favouriteServices)
        .where(eq(favouriteServices.userId, userId))
        .orderBy(desc(favouriteServices.createdAt), favouriteServices.serviceCode);
      return rows.map((r) => r.code);
    },

    /** Marks a service; marking it again changes nothing. Refused past MAX_FAVOURITES. */
    async add(userId: string, code: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        // One customer's marks are counted and written one at a time: two tabs cannot pass the limit.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`favourites:${userId}`}))`);
        const [known] = await tx
          .select({ code: services.code })
          .from(services)
          .where(eq(services.code, code));
        if (!known) throw new AppError('UNKNOWN_SERVICE', 404);
        const [held] = await tx
          .select({ n: count() })
          .from(favouriteServices)
          .where(eq(favouriteServices.userId, userId));
        const [already] = await tx
          .select({ code: favouriteServices.serviceCode })
          .from(favouriteServices)
          .where(and(eq(favouriteServices.userId, userId), eq(favouriteServices.serviceCode, code)));
        if (already) return;
        if ((held?.n ?? 0) >= MAX_FAVOURITES)
          throw new AppError('FAVOURITES_FULL', 409, { max: MAX_FAVOURITES });
        await tx.insert(favouriteServices).values({ userId, serviceCode: code, createdAt: at });
      });
    },

    async remove(userId: string, code: string): Promise<void> {
      await db
        .delete(favouriteServices)
        .where(and(eq(favouriteServices.userId, userId), eq(favouriteServices.serviceCode, code)));
    },
  };
}
export type Favourites = ReturnType<typeof createFavourites>;
