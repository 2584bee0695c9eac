import { z } from 'zod';
import { Cents, Currency, Pagination, SearchText } from './common.ts';

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
export type CategoriesQuery = z.infer<typeof CategoriesQuery>;
export const CategoriesResponse = z.array(CategorySummary);
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

export const CatalogLang = z.enum(['pt', 'en']);
export type CatalogLang = z.infer<typeof CatalogLang>;

/** A service's code in the store and the reseller protocol (handler_api.php codes: wa, tg, …). */
export const ServiceCode = z
  .string()
  .trim()
  .regex(/^[a-z0-9]{2,12}$/);
/** ISO 3166-1 alpha-2, in either case; answered upper-case. */
export const CountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());

/**
 * The orders GET /api/v1/catalog/services sorts in. popular: the most sought first; name: alphabetical in
 * the asked language; price: the cheapest starting price first (services with nothing on sale last).
 */
export const SERVICE_SORTS = ['popular', 'name', 'price'] as const;
export const ServiceSort = z.enum(SERVICE_SORTS);
export type ServiceSort = z.infer<typeof ServiceSort>;
/** Services per page: a few screens of cards. */
export const SERVICES_PAGE_SIZE = 60;
export const SERVICES_PAGE_MAX = 120;

/** GET /api/v1/catalog/services: the services on sale, filtered, sorted and paged. */
export const ServicesQuery = z.object({
  currency: Currency.default('BRL'),
  lang: CatalogLang.default('pt'),
  /** A category slug (sms, whatsapp, verification): only that category's services. */
  category: z.string().trim().min(1).max(40).optional(),
  /** Words each found in the service's name or code, accents and case aside. */
  q: z.string().trim().max(60).optional(),
  /** One service, by its code. */
  service: ServiceCode.optional(),
  sort: ServiceSort.default('popular'),
  limit: z.coerce.number().int().min(1).max(SERVICES_PAGE_MAX).default(SERVICES_PAGE_SIZE),
  /** The next_cursor of the page before. */
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
export type ServicesQuery = z.infer<typeof ServicesQuery>;

export const ServiceSummary = z
  .object({
    code: z.string(),
    name: z.string(),
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
export const ServicesResponse = z
  .object({
    items: z.array(ServiceSummary),
    /** How many services the filters select, over all pages. */
    total: z.number().int().nonnegative(),
    /** Where the next page starts; null on the last. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ServicesPage' });
export type ServicesResponse = z.infer<typeof ServicesResponse>;

/** A customer keeps at most this many favourite services. */
export const MAX_FAVOURITES = 100;
export const FavouritesQuery = z.object({
  currency: Currency.default('BRL'),
  lang: CatalogLang.default('pt'),
});
export type FavouritesQuery = z.infer<typeof FavouritesQuery>;
/** The caller's favourite services still on the shelf, most recently chosen first. */
export const FavouritesResponse = z.array(ServiceSummary);
export type FavouritesResponse = z.infer<typeof FavouritesResponse>;
export const FavouriteParams = z.object({ code: ServiceCode });
export type FavouriteParams = z.infer<typeof FavouriteParams>;

export const CountriesQuery = z.object({ lang: CatalogLang.default('pt') });
export type CountriesQuery = z.infer<typeof CountriesQuery>;

export const CountrySummary = z
  .object({
    /** ISO 3166-1 alpha-2 */
    code: z.string(),
    name: z.string(),
    name_pt: z.string(),
    name_en: z.string(),
    /** With the plus sign, e.g. +55 */
    dial_code: z.string(),
  })
  .meta({ id: 'CountrySummary' });
export type CountrySummary = z.infer<typeof CountrySummary>;
export const CountriesResponse = z.array(CountrySummary);
export type CountriesResponse = z.infer<typeof CountriesResponse>;

/** GET /api/v1/catalog/search: services and countries on sale whose names match, typos forgiven. */
export const CatalogSearchQuery = z.object({
  /** Any part of a name, in Portuguese or English, accents and case aside; one typo per word forgiven. */
  q: z.string().trim().min(1).max(60),
  currency: Currency.default('BRL'),
  lang: CatalogLang.default('pt'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** The next_cursor of the page before. */
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
export type CatalogSearchQuery = z.infer<typeof CatalogSearchQuery>;
export const CatalogSearchResponse = z
  .object({
    /** Best match first. */
    services: z.array(ServiceSummary),
    countries: z.array(CountrySummary),
    /** Where the next page starts; null on the last. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'CatalogSearchResponse' });
export type CatalogSearchResponse = z.infer<typeof CatalogSearchResponse>;

/**
 * The orders GET /api/v1/catalog/products sorts in. popular: the most sought services first, then what the
 * store sold most of lately; price: the cheapest first; success: the best success rate first (products
 * without a record last). Whatever the order, products in stock come before those without numbers.
 */
export const PRODUCT_SORTS = ['popular', 'price', 'success'] as const;
export const ProductSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSort>;
/** Products per page: enough to fill a screen and a half, a few kilobytes. */
export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCTS_PAGE_MAX = 100;

/** A price bound in a query: up to MAX_PRICE_CENTS (declared below with the staff's rules). */
const PriceBound = z.coerce.number().int().min(0).max(1_000_000);

/** GET /api/v1/catalog/products: products on sale, filtered, sorted and paged. */
export const ProductsQuery = z
  .object({
    service: ServiceCode.optional(),
    country: CountryCode.optional(),
    currency: Currency.default('BRL'),
    lang: CatalogLang.default('pt'),
    /** Words each found in the service's or the country's name (either language), accents and case aside. */
    q: z.string().trim().max(60).optional(),
    sort: ProductSort.default('popular'),
    /** Price bounds in cents of the currency, both included. */
    min_price: PriceBound.optional(),
    max_price: PriceBound.optional(),
    /** Only products whose record shows at least this success rate (0–1); products without one are left out. */
    min_success: z.coerce.number().min(0).max(1).optional(),
    /** "true": only products with numbers in stock. */
    in_stock: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    limit: z.coerce.number().int().min(1).max(PRODUCTS_PAGE_MAX).default(PRODUCTS_PAGE_SIZE),
    /** The next_cursor of the page before. */
    cursor: z
      .string()
      .regex(/^\d{1,7}$/)
      .optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'min_price must not be above max_price',
    path: ['min_price'],
  });
export type ProductsQuery = z.infer<typeof ProductsQuery>;
export type ProductsParams = z.input<typeof ProductsQuery>;

/** Which service, in which country (names in the caller's language): products and staff orders show it. */
export const ServiceInCountry = z.object({
  service_code: z.string(),
  service_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
});
export type ServiceInCountry = z.infer<typeof ServiceInCountry>;

/** What every product shape shows. */
export const ProductBase = ServiceInCountry.extend({
  id: z.number().int(),
  sku: z.string(),
});
export type ProductBase = z.infer<typeof ProductBase>;

/** The catalogue's record is over the activations bought in this many days... */
export const TRACK_RECORD_WINDOW_DAYS = 7;
/**
 * ...and is shown only once this many of them have finished (received a code, or were refunded): few
 * enough that a product sold a handful of times shows what is known, always beside its sample size.
 */
export const TRACK_RECORD_MIN_SAMPLE = 5;

export const ProductOffer = ProductBase.extend({
  dial_code: z.string(),
  /** What a purchase in this currency charges. */
  price: Cents,
  currency: Currency,
  /** How many numbers upstream holds, as its last count said; never an estimate of ours. */
  stock: z.number().int(),
  /** Active and in stock: it can be bought now. */
  available: z.boolean(),
  /**
   * Share (0–1) of this service × country's numbers that received a code, among those bought in the last
   * TRACK_RECORD_WINDOW_DAYS days that have finished; null below TRACK_RECORD_MIN_SAMPLE of them.
   */
  success_rate: z.number().min(0).max(1).nullable(),
  /**
   * Median seconds from a number's assignment to its first SMS over the same activations; null below the
   * minimum sample or when none received a code.
   */
  median_seconds_to_code: z.number().int().nonnegative().nullable(),
  /** How many finished numbers the record is over (shown beside it; below the minimum, nothing is shown). */
  sample_size: z.number().int().nonnegative(),
}).meta({ id: 'ProductOffer' });
export type ProductOffer = z.infer<typeof ProductOffer>;
export const ProductsResponse = z
  .object({
    items: z.array(ProductOffer),
    /** How many products the filters select, over all pages. */
    total: z.number().int().nonnegative(),
    /** Where the next page starts; null on the last. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ProductsPage' });
export type ProductsResponse = z.infer<typeof ProductsResponse>;

// ---- staff management of products (service × country) ----

export const PRODUCT_STATUSES = ['active', 'inactive', 'out_of_stock', 'paused', 'withdrawn'] as const;
/**
 * inactive: switched off by staff; withdrawn: no seller offers it any more; paused: its cheapest cost is
 * above its price (both set and lifted by the catalogue import); out_of_stock: on sale, but no numbers
 * (stock 0); active: on sale and in stock.
 */
export const AdminProductStatus = z.enum(PRODUCT_STATUSES);
export type AdminProductStatus = z.infer<typeof AdminProductStatus>;

/** A product with stock above 0 and up to this many numbers counts as low stock (spec §2). */
export const LOW_STOCK_MAX = 10;
/** R$ 10.000,00 / $10,000.00: no number costs anywhere near this; a bigger value is a typo. */
export const MAX_PRICE_CENTS = 1_000_000;
/** Stock is a count of numbers upstream holds; the sync clamps to far less than this. */
export const MAX_STOCK = 1_000_000;

export const AdminProductsQuery = Pagination.extend({
  /** Matches the service name, the SKU, the country name (pt or en) or the category name or slug. */
  search: SearchText,
  /** A category slug (sms, whatsapp, verification). */
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  status: AdminProductStatus.optional(),
});
export type AdminProductsQuery = z.infer<typeof AdminProductsQuery>;

export const AdminProduct = ProductBase.extend({
  /** "WhatsApp · Brasil": the service and the country in the caller's language. */
  name: z.string(),
  /** The category slug. */
  category: z.string(),
  category_name: z.string(),
  price_brl: Cents,
  price_usd: Cents,
  stock: z.number().int(),
  status: AdminProductStatus,
  is_active: z.boolean(),
  /** Pinned by staff: pricing rules leave its prices alone. */
  price_pinned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsResponse = z.array(AdminProduct);
export type AdminProductsResponse = z.infer<typeof AdminProductsResponse>;

export const AdminProductsSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  out_of_stock: z.number().int(),
  /** Products with stock above 0 and up to LOW_STOCK_MAX, switched on or off. */
  low_stock: z.number().int(),
});
export type AdminProductsSummary = z.infer<typeof AdminProductsSummary>;

export const AdminProductIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type AdminProductIdParams = z.infer<typeof AdminProductIdParams>;

/** A product's price in one currency, in cents, and its stock, as creating and editing a product check them. */
export const ProductPrice = z.number().int().positive().max(MAX_PRICE_CENTS);
export const ProductStock = z.number().int().min(0).max(MAX_STOCK);

export const AdminProductUpdate = z
  .object({
    price_brl: ProductPrice.optional(),
    price_usd: ProductPrice.optional(),
    is_active: z.boolean().optional(),
    /** Pinned: pricing rules leave this product's prices alone. */
    price_pinned: z.boolean().optional(),
    /** The upstream stock sync overwrites this for products on sale at its next run. */
    stock: ProductStock.optional(),
  })
  .strict();
export type AdminProductUpdate = z.infer<typeof AdminProductUpdate>;

export const AdminProductCreate = z
  .object({
    service_code: ServiceCode,
    country_code: CountryCode,
    price_brl: ProductPrice,
    price_usd: ProductPrice,
    stock: ProductStock.default(0),
    is_active: z.boolean().default(true),
  })
  .strict();
export type AdminProductCreate = z.input<typeof AdminProductCreate>;

/** What the product screens offer in their selects: every category, service and country, on or off. */
export const AdminCatalogOptions = z.object({
  categories: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      is_active: z.boolean(),
      product_count: z.number().int(),
      active_count: z.number().int(),
    }),
  ),
  services: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      category: z.string(),
      is_active: z.boolean(),
    }),
  ),
  countries: z.array(z.object({ code: z.string(), name: z.string(), is_active: z.boolean() })),
});
export type AdminCatalogOptions = z.infer<typeof AdminCatalogOptions>;
