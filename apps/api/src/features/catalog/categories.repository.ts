import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { categories, countries, products, services } from '../../db/schema/index.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;

/** The SQL of categories and countries as staff manage them (order, names, active flags, mapping). */
export function createCategoriesRepository(db: Db) {
  return {
    async listCategories(ex: Executor = db) {
      return ex.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    },

    async servicesWithProductCounts(ex: Executor = db) {
      return ex
        .select({
          code: services.code,
          name: services.name,
          categoryId: services.categoryId,
          productCount: count(products.id),
        })
        .from(services)
        .leftJoin(products, eq(products.serviceCode, services.code))
        .groupBy(services.code)
        .orderBy(asc(services.name));
    },

    async findCategory(id: number, ex: Executor = db): Promise<CategoryRow | undefined> {
      const [row] = await ex.select().from(categories).where(eq(categories.id, id)).for('update');
      return row;
    },

    /** Null when the slug is taken (the unique index decides, so two staff at once cannot both win). */
    async insertCategory(values: typeof categories.$inferInsert, ex: Executor = db) {
      const [row] = await ex.insert(categories).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async nextCategoryOrder(ex: Executor = db) {
      const [row] = await ex
        .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), 0)::int + 10` })
        .from(categories);
      return row?.next ?? 10;
    },

    async updateCategory(id: number, changes: Partial<CategoryRow>, ex: Executor = db) {
      const [row] = await ex.update(categories).set(changes).where(eq(categories.id, id)).returning();
      return row;
    },

    async setCategoryOrder(id: number, sortOrder: number, ex: Executor) {
      await ex.update(categories).set({ sortOrder }).where(eq(categories.id, id));
    },

    async findService(code: string, ex: Executor = db) {
      const [row] = await ex.select().from(services).where(eq(services.code, code)).for('update');
      return row;
    },

    async moveService(code: string, categoryId: number, ex: Executor) {
      await ex.update(services).set({ categoryId }).where(eq(services.code, code));
    },

    async listCountries(ex: Executor = db) {
      return ex
        .select({
          code: countries.code,
          namePt: countries.namePt,
          nameEn: countries.nameEn,
          dialCode: countries.dialCode,
          sortOrder: countries.sortOrder,
          protocolId: countries.protocolId,
          isActive: countries.isActive,
          productCount: count(products.id),
        })
        .from(countries)
        .leftJoin(products, eq(products.countryCode, countries.code))
        .groupBy(countries.code)
        .orderBy(asc(countries.sortOrder), asc(countries.namePt));
    },

    async findCountry(code: string, ex: Executor = db): Promise<CountryRow | undefined> {
      const [row] = await ex.select().from(countries).where(eq(countries.code, code)).for('update');
      return row;
    },

    async updateCountry(code: string, changes: Partial<CountryRow>, ex: Executor) {
      await ex.update(countries).set(changes).where(eq(countries.code, code));
    },

    async setCountryOrder(code: string, sortOrder: number, ex: Executor) {
      await ex.update(countries).set({ sortOrder }).where(eq(countries.code, code));
    },
  };
}
export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
