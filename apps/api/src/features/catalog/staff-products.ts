import type {
  AdminCatalogOptions,
  AdminProduct,
  AdminProductCreate,
  AdminProductsQuery,
  AdminProductsSummary,
  AdminProductUpdate,
} from '@numero/contract/catalog';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/errors.ts';
import type { Lang } from '../../http/lang.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { type ProductsRepository, type StaffProductRow, toProductBase } from './products.repository.ts';
import './catalog.messages.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toAdminProduct(r: StaffProductRow, lang: Lang): AdminProduct {
  const base = toProductBase(r, lang);
  return {
    ...base,
    name: `${base.service_name} · ${base.country_name}`,
    category: r.categorySlug,
    category_name: lang === 'en' ? r.categoryNameEn : r.categoryNamePt,
    price_brl: Number(r.priceBrl),
    price_usd: Number(r.priceUsd),
    stock: r.stock,
    status: r.status,
    is_active: r.isActive,
    price_pinned: r.pricePinned,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/** The fields of a product an audit row shows before and after a change. */
function auditView(p: StaffProductRow) {
  return {
    sku: p.sku,
    price_brl: Number(p.priceBrl),
    price_usd: Number(p.priceUsd),
    stock: p.stock,
    is_active: p.isActive,
    price_pinned: p.pricePinned,
  };
}

/** Staff management of products: the list with filters, prices, stock, the active flag, new products. */
export function createStaffProductsService(deps: {
  db: Db;
  catalog: CatalogRepository;
  products: ProductsRepository;
  audit: Pick<AuditService, 'record'>;
  now: () => Date;
}) {
  const { db, catalog, products, audit, now } = deps;

  async function getProduct(id: number, lang: Lang): Promise<AdminProduct> {
    const row = await products.findStaffProduct(id);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND', 404);
    return toAdminProduct(row, lang);
  }

  return {
    async listProducts(query: AdminProductsQuery, lang: Lang) {
      const { items, total } = await products.listStaffProducts(query, lang);
      return { items: items.map((r) => toAdminProduct(r, lang)), total };
    },

    productsSummary: (): Promise<AdminProductsSummary> => products.productsSummary(),

    async catalogOptions(lang: Lang): Promise<AdminCatalogOptions> {
      const [categories, services, countries] = await Promise.all([
        catalog.listCategoriesWithCounts(),
        catalog.listAllServices(),
        catalog.listAllCountries(),
      ]);
      const locale = lang === 'en' ? 'en' : 'pt-BR';
      return {
        categories: categories.map((c) => ({
          slug: c.slug,
          name: lang === 'en' ? c.nameEn : c.namePt,
          is_active: c.isActive,
          product_count: Number(c.productCount),
          active_count: Number(c.activeCount),
        })),
        services: services.map((s) => ({
          code: s.code,
          name: s.name,
          category: s.category,
          is_active: s.isActive,
        })),
        countries: countries
          .map((c) => ({
            code: c.code,
            name: lang === 'en' ? c.nameEn : c.namePt,
            is_active: c.isActive,
          }))
          .sort((a, b) => a.name.localeCompare(b.name, locale)),
      };
    },

    /** Prices, stock and the active flag, changed under the row lock and audited in the same transaction. */
    async updateProduct(
      id: number,
      changes: AdminProductUpdate,
      actor: Actor,
      lang: Lang,
    ): Promise<AdminProduct> {
      const set = {
        ...(changes.price_brl !== undefined && { priceBrl: changes.price_brl }),
        ...(changes.price_usd !== undefined && { priceUsd: changes.price_usd }),
        ...(changes.is_active !== undefined && { isActive: changes.is_active }),
        ...(changes.price_pinned !== undefined && { pricePinned: changes.price_pinned }),
        ...(changes.stock !== undefined && { stock: changes.stock }),
      };
      if (Object.keys(set).length === 0) throw new AppError('NOTHING_TO_UPDATE', 422);
      await db.transaction(async (tx) => {
        if (!(await products.lockProduct(id, tx))) throw new AppError('PRODUCT_NOT_FOUND', 404);
        const before = (await products.findStaffProduct(id, tx))!;
        const at = now();
        await products.updateProduct(id, set, at, tx);
        const after = (await products.findStaffProduct(id, tx))!;
        const b = auditView(before);
        const a = auditView(after);
        // Only what changed: a save that changes nothing leaves no audit row.
        const changed = (Object.keys(a) as (keyof typeof a)[]).filter((k) => a[k] !== b[k]);
        if (changed.length === 0) return;
        await audit.record(
          {
            action: 'UPDATE',
            actor: { id: actor.id, email: actor.email },
            entityType: 'products',
            entityId: String(id),
            ip: actor.ip ?? null,
            before: Object.fromEntries(changed.map((k) => [k, b[k]])),
            after: { sku: after.sku, ...Object.fromEntries(changed.map((k) => [k, a[k]])) },
          },
          tx,
        );
      });
      return getProduct(id, lang);
    },

    /** A product for a service × country that has none yet; its SKU follows the catalogue's WA-BR form. */
    async createProduct(input: AdminProductCreate, actor: Actor, lang: Lang): Promise<AdminProduct> {
      const serviceCode = input.service_code;
      const countryCode = input.country_code.toUpperCase();
      if (!(await catalog.serviceExists(serviceCode))) throw new AppError('UNKNOWN_SERVICE', 422);
      if (!(await catalog.countryExists(countryCode))) throw new AppError('UNKNOWN_COUNTRY', 422);
      const sku = `${serviceCode}-${countryCode}`.toUpperCase();
      const at = now();
      // ON CONFLICT DO NOTHING: of two admins creating the same product at once, one gets it, one a 409.
      const id = await db.transaction(async (tx) => {
        const created = await products.insertProduct(
          {
            sku,
            serviceCode,
            countryCode,
            priceBrl: input.price_brl,
            priceUsd: input.price_usd,
            stock: input.stock ?? 0,
            isActive: input.is_active ?? true,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        if (created === null) return null;
        await audit.record(
          {
            action: 'CREATE',
            actor: { id: actor.id, email: actor.email },
            entityType: 'products',
            entityId: String(created),
            ip: actor.ip ?? null,
            before: null,
            after: {
              sku,
              service_code: serviceCode,
              country_code: countryCode,
              price_brl: input.price_brl,
              price_usd: input.price_usd,
              stock: input.stock ?? 0,
              is_active: input.is_active ?? true,
            },
          },
          tx,
        );
        return created;
      });
      if (id === null) {
        const existing = await products.findProductIdByKey(serviceCode, countryCode);
        throw new AppError(existing === null ? 'SKU_TAKEN' : 'PRODUCT_EXISTS', 409, { sku });
      }
      return getProduct(id, lang);
    },
  };
}
export type StaffProductsService = ReturnType<typeof createStaffProductsService>;
