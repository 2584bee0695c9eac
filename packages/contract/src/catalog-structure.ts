import { z } from 'zod';
import { ServiceCode } from './catalog.ts';

// ---- staff management of categories and countries ----

const CatalogName = z.string().trim().min(1).max(60);

export const AdminCategory = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name_pt: z.string(),
    name_en: z.string(),
    sort_order: z.number().int(),
    is_active: z.boolean(),
    /** Services filed under the category; each carries its products with it when moved. */
    services: z.array(z.object({ code: z.string(), name: z.string(), product_count: z.number().int() })),
  })
  .meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategoriesResponse = z.array(AdminCategory);
export type AdminCategoriesResponse = z.infer<typeof AdminCategoriesResponse>;

export const AdminCategoryCreate = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/),
    name_pt: CatalogName,
    name_en: CatalogName,
    is_active: z.boolean().default(true),
  })
  .strict();
export type AdminCategoryCreate = z.input<typeof AdminCategoryCreate>;

export const AdminCategoryUpdate = z
  .object({ name_pt: CatalogName, name_en: CatalogName, is_active: z.boolean() })
  .partial()
  .strict();
export type AdminCategoryUpdate = z.infer<typeof AdminCategoryUpdate>;

export const AdminCategoryIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type AdminCategoryIdParams = z.infer<typeof AdminCategoryIdParams>;

/** The whole list in its new order: every id exactly once. */
export const AdminCategoryOrder = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(1000) })
  .strict();
export type AdminCategoryOrder = z.infer<typeof AdminCategoryOrder>;

export const AdminServiceCodeParams = z.object({ code: ServiceCode });
export type AdminServiceCodeParams = z.infer<typeof AdminServiceCodeParams>;

/** Moves a service, and so all its products, to another category. */
export const AdminServiceMove = z.object({ category_id: z.number().int().positive() }).strict();
export type AdminServiceMove = z.infer<typeof AdminServiceMove>;

export const AdminCountry = z
  .object({
    code: z.string(),
    name_pt: z.string(),
    name_en: z.string(),
    dial_code: z.string(),
    sort_order: z.number().int(),
    /** The country number bots send in the reseller protocol; null when not mapped. */
    protocol_id: z.number().int().nullable(),
    is_active: z.boolean(),
    product_count: z.number().int(),
  })
  .meta({ id: 'AdminCountry' });
export type AdminCountry = z.infer<typeof AdminCountry>;
export const AdminCountriesResponse = z.array(AdminCountry);
export type AdminCountriesResponse = z.infer<typeof AdminCountriesResponse>;

export const AdminCountryCodeParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
});
export type AdminCountryCodeParams = z.infer<typeof AdminCountryCodeParams>;

export const AdminCountryUpdate = z
  .object({
    name_pt: CatalogName,
    name_en: CatalogName,
    /** With the plus sign: +55, +1, +351. */
    dial_code: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{0,3}$/),
    protocol_id: z.number().int().min(0).max(100_000).nullable(),
    is_active: z.boolean(),
  })
  .partial()
  .strict();
export type AdminCountryUpdate = z.infer<typeof AdminCountryUpdate>;

export const AdminCountryOrder = z
  .object({
    codes: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .min(1)
      .max(300),
  })
  .strict();
export type AdminCountryOrder = z.infer<typeof AdminCountryOrder>;
