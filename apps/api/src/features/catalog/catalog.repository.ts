import { and, asc, eq, min } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, products, services } from '../../db/schema/index.ts';

export function createCatalogRepository(db: Executor) {
  return {
    /** Categories in display order with the cheapest active product in each currency. */
    async listCategoriesWithFromPrices() {
      return db
        .select({
          slug: categories.slug,
          namePt: categories.namePt,
          nameEn: categories.nameEn,
          fromBrl: min(products.priceBrl),
          fromUsd: min(products.priceUsd),
        })
        .from(categories)
        .leftJoin(services, and(eq(services.categoryId, categories.id), eq(services.isActive, true)))
        .leftJoin(products, and(eq(products.serviceCode, services.code), eq(products.isActive, true)))
        .where(eq(categories.isActive, true))
        .groupBy(categories.id)
        .orderBy(asc(categories.sortOrder));
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
