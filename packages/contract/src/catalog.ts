import { z } from 'zod';
import { Cents, Currency } from './common.ts';

export const CategorySummary = z.object({
  slug: z.string(),
  name: z.string(),
  /** The cheapest active product of the category in the requested currency; null when none. */
  from_price: Cents.nullable(),
  currency: Currency,
});
export type CategorySummary = z.infer<typeof CategorySummary>;

export const CategoriesQuery = z.object({
  currency: Currency.default('BRL'),
  lang: z.enum(['pt', 'en']).default('pt'),
});
export const CategoriesResponse = z.array(CategorySummary);

export const CatalogLang = z.enum(['pt', 'en']);

export const ServicesQuery = z.object({
  currency: Currency.default('BRL'),
  lang: CatalogLang.default('pt'),
  /** A category slug (sms, whatsapp, verification): only that category's services. */
  category: z.string().trim().min(1).max(40).optional(),
});

export const ServiceSummary = z
  .object({
    code: z.string(),
    name: z.string(),
    icon: z.string(),
    popularity: z.number().int(),
    category: z.string(),
    category_name: z.string(),
    /** The cheapest active product of the service in the requested currency; null when none is on sale. */
    from_price: Cents.nullable(),
    currency: Currency,
    /** How many countries have an active product with numbers in stock. */
    countries_available: z.number().int(),
  })
  .meta({ id: 'ServiceSummary' });
export type ServiceSummary = z.infer<typeof ServiceSummary>;
export const ServicesResponse = z.array(ServiceSummary);

export const CountriesQuery = z.object({ lang: CatalogLang.default('pt') });

export const CountrySummary = z
  .object({
    /** ISO 3166-1 alpha-2 */
    code: z.string(),
    name: z.string(),
    name_pt: z.string(),
    name_en: z.string(),
    flag: z.string(),
    /** With the plus sign, e.g. +55 */
    dial_code: z.string(),
  })
  .meta({ id: 'CountrySummary' });
export type CountrySummary = z.infer<typeof CountrySummary>;
export const CountriesResponse = z.array(CountrySummary);

export const ProductsQuery = z.object({
  service: z
    .string()
    .trim()
    .regex(/^[a-z0-9]{2,12}$/)
    .optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  currency: Currency.default('BRL'),
  lang: CatalogLang.default('pt'),
});

export const ProductOffer = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    service_code: z.string(),
    service_name: z.string(),
    service_icon: z.string(),
    country_code: z.string(),
    country_name: z.string(),
    flag: z.string(),
    dial_code: z.string(),
    price: Cents,
    currency: Currency,
    stock: z.number().int(),
    /** Active and in stock: it can be bought now. */
    available: z.boolean(),
  })
  .meta({ id: 'ProductOffer' });
export type ProductOffer = z.infer<typeof ProductOffer>;
export const ProductsResponse = z.array(ProductOffer);
