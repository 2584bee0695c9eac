import type {
  AdminCategoriesResponse,
  AdminCategoryCreate,
  AdminCategoryUpdate,
  AdminCountriesResponse,
  AdminCountryUpdate,
} from '@numero/contract/catalog-structure';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditAction, AuditService } from '../audit/audit.service.ts';
import type { CategoriesRepository, CategoryRow, CountryRow } from './categories.repository.ts';
import './catalog.messages.ts';

const categoryView = (c: CategoryRow) => ({
  slug: c.slug,
  name_pt: c.namePt,
  name_en: c.nameEn,
  sort_order: c.sortOrder,
  is_active: c.isActive,
});
const countryView = (c: CountryRow) => ({
  name_pt: c.namePt,
  name_en: c.nameEn,
  dial_code: c.dialCode,
  sort_order: c.sortOrder,
  protocol_id: c.protocolId,
  is_active: c.isActive,
});

/** Only the fields that change, before and after, for the audit row. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    changed: keys.length > 0,
  };
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && new Set(a).size === a.length && b.every((x) => a.includes(x));

/** Staff management of categories (create, rename, order, activate, services moved between them) and countries. */
export function createStaffCategories(deps: {
  db: Db;
  repository: CategoriesRepository;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, repository, audit } = deps;
  const record = (
    actor: Actor,
    action: AuditAction,
    entityType: 'categories' | 'countries' | 'services',
    entityId: string,
    change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
    ex: Executor,
  ) => audit.record({ action, actor, entityType, entityId, ip: actor.ip ?? null, ...change }, ex);

  async function categories(): Promise<AdminCategoriesResponse> {
    const [rows, svc] = await Promise.all([
      repository.listCategories(),
      repository.servicesWithProductCounts(),
    ]);
    return rows.map((c) => ({
      id: c.id,
      ...categoryView(c),
      services: svc
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({ code: s.code, name: s.name, product_count: Number(s.productCount) })),
    }));
  }

  async function countries(): Promise<AdminCountriesResponse> {
    const rows = await repository.listCountries();
    return rows.map((c) => ({
      code: c.code,
      ...countryView(c as CountryRow),
      product_count: Number(c.productCount),
    }));
  }

  return {
    categories,
    countries,

    async createCategory(body: AdminCategoryCreate, actor: Actor) {
      await db.transaction(async (tx) => {
        const sortOrder = await repository.nextCategoryOrder(tx);
        const row = await repository.insertCategory(
          {
            slug: body.slug,
            namePt: body.name_pt,
            nameEn: body.name_en,
            isActive: body.is_active ?? true,
            sortOrder,
          },
          tx,
        );
        if (!row) throw new AppError('CATEGORY_SLUG_TAKEN', 409, { slug: body.slug });
        await record(actor, 'CREATE', 'categories', String(row.id), { after: categoryView(row) }, tx);
      });
      return categories();
    },

    async updateCategory(id: number, body: AdminCategoryUpdate, actor: Actor) {
      if (Object.keys(body).length === 0) throw new AppError('NOTHING_TO_CHANGE', 422);
      await db.transaction(async (tx) => {
        const before = await repository.findCategory(id, tx);
        if (!before) throw new AppError('CATEGORY_NOT_FOUND', 404);
        const after = await repository.updateCategory(
          id,
          { namePt: body.name_pt, nameEn: body.name_en, isActive: body.is_active },
          tx,
        );
        const d = diff(categoryView(before), categoryView(after!));
        if (d.changed) await record(actor, 'UPDATE', 'categories', String(id), d, tx);
      });
      return categories();
    },

    async orderCategories(ids: number[], actor: Actor) {
      await db.transaction(async (tx) => {
        const rows = await repository.listCategories(tx);
        if (
          !sameSet(
            ids,
            rows.map((r) => r.id),
          )
        )
          throw new AppError('ORDER_MISMATCH', 422);
        for (const [i, id] of ids.entries()) await repository.setCategoryOrder(id, (i + 1) * 10, tx);
        await record(
          actor,
          'REORDER',
          'categories',
          'all',
          {
            before: { order: rows.map((r) => r.slug) },
            after: { order: ids.map((id) => rows.find((r) => r.id === id)!.slug) },
          },
          tx,
        );
      });
      return categories();
    },

    async moveService(code: string, categoryId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const service = await repository.findService(code, tx);
        if (!service) throw new AppError('UNKNOWN_SERVICE', 404);
        const target = await repository.findCategory(categoryId, tx);
        if (!target) throw new AppError('CATEGORY_NOT_FOUND', 404);
        if (service.categoryId === categoryId) return;
        await repository.moveService(code, categoryId, tx);
        await record(
          actor,
          'UPDATE',
          'services',
          code,
          { before: { category_id: service.categoryId }, after: { category_id: categoryId } },
          tx,
        );
      });
      return categories();
    },

    async updateCountry(code: string, body: AdminCountryUpdate, actor: Actor) {
      if (Object.keys(body).length === 0) throw new AppError('NOTHING_TO_CHANGE', 422);
      try {
        await db.transaction(async (tx) => {
          const before = await repository.findCountry(code, tx);
          if (!before) throw new AppError('UNKNOWN_COUNTRY', 404);
          const changes: Partial<CountryRow> = {
            namePt: body.name_pt,
            nameEn: body.name_en,
            dialCode: body.dial_code,
            protocolId: body.protocol_id,
            isActive: body.is_active,
          };
          await repository.updateCountry(code, changes, tx);
          const after = {
            ...before,
            ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
          };
          const d = diff(countryView(before), countryView(after as CountryRow));
          if (d.changed) await record(actor, 'UPDATE', 'countries', code, d, tx);
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('PROTOCOL_ID_TAKEN', 409, { id: body.protocol_id ?? '' });
        throw err;
      }
      return countries();
    },

    async orderCountries(codes: string[], actor: Actor) {
      await db.transaction(async (tx) => {
        const rows = await repository.listCountries(tx);
        if (
          !sameSet(
            codes,
            rows.map((r) => r.code),
          )
        )
          throw new AppError('ORDER_MISMATCH', 422);
        for (const [i, code] of codes.entries()) await repository.setCountryOrder(code, (i + 1) * 10, tx);
        await record(
          actor,
          'REORDER',
          'countries',
          'all',
          { before: { order: rows.map((r) => r.code) }, after: { order: codes } },
          tx,
        );
      });
      return countries();
    },
  };
}
export type StaffCategories = ReturnType<typeof createStaffCategories>;
