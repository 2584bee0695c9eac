import { z } from 'zod';
import { ActivationStatus } from './activations.ts';
import { Cents, Currency, Pagination } from './common.ts';

// ---- products (service × country) ----

export const PRODUCT_STATUSES = ['active', 'inactive', 'out_of_stock'] as const;
/** inactive: switched off by staff; out_of_stock: on, but no numbers (stock 0); active: on and in stock. */
export const AdminProductStatus = z.enum(PRODUCT_STATUSES);
export type AdminProductStatus = z.infer<typeof AdminProductStatus>;

/** A product with stock above 0 and up to this many numbers counts as low stock (spec §2). */
export const LOW_STOCK_MAX = 10;
/** R$ 10.000,00 / $10,000.00: no number costs anywhere near this; a bigger value is a typo. */
export const MAX_PRICE_CENTS = 1_000_000;
/** Stock is a count of numbers upstream holds; the sync clamps to far less than this. */
export const MAX_STOCK = 1_000_000;

/** Free text typed in a search box: trimmed, bounded, and absent when blank. */
const SearchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((s) => (s ? s : undefined));

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

export const AdminProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    /** "WhatsApp · Brasil": the service and the country in the caller's language. */
    name: z.string(),
    service_code: z.string(),
    service_name: z.string(),
    service_icon: z.string(),
    country_code: z.string(),
    country_name: z.string(),
    flag: z.string(),
    /** The category slug. */
    category: z.string(),
    category_name: z.string(),
    price_brl: Cents,
    price_usd: Cents,
    stock: z.number().int(),
    status: AdminProductStatus,
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsResponse = z.array(AdminProduct);

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

const Price = z.number().int().positive().max(MAX_PRICE_CENTS);
const Stock = z.number().int().min(0).max(MAX_STOCK);

export const AdminProductUpdate = z
  .object({
    price_brl: Price.optional(),
    price_usd: Price.optional(),
    is_active: z.boolean().optional(),
    /** The upstream stock sync overwrites this for products on sale at its next run. */
    stock: Stock.optional(),
  })
  .strict();
export type AdminProductUpdate = z.infer<typeof AdminProductUpdate>;

export const AdminProductCreate = z
  .object({
    service_code: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{2,12}$/),
    country_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase()),
    price_brl: Price,
    price_usd: Price,
    stock: Stock.default(0),
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
      icon: z.string(),
      category: z.string(),
      is_active: z.boolean(),
    }),
  ),
  countries: z.array(
    z.object({ code: z.string(), name: z.string(), flag: z.string(), is_active: z.boolean() }),
  ),
});
export type AdminCatalogOptions = z.infer<typeof AdminCatalogOptions>;

// ---- orders (activations of every customer) ----

export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
/** paid: the price was captured (the code arrived); refunded: it went back to the wallet; pending: held. */
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const AdminOrdersFilter = z.object({
  /** An activation id (or its first characters), a customer's name or email, or digits of the number. */
  search: SearchText,
  status: ActivationStatus.optional(),
  payment_status: PaymentStatus.optional(),
});
export const AdminOrdersQuery = Pagination.extend(AdminOrdersFilter.shape);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrdersExportQuery = AdminOrdersFilter.extend({
  /** A download link cannot set Accept-Language: the column titles' language comes here. */
  lang: z.enum(['pt', 'en']).optional(),
});

export const AdminOrder = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    /** The customer's full name, else the part of the email before the @. */
    user_name: z.string(),
    user_email: z.string(),
    service_code: z.string(),
    service_name: z.string(),
    service_icon: z.string(),
    country_code: z.string(),
    country_name: z.string(),
    flag: z.string(),
    phone_number: z.string().nullable(),
    code: z.string().nullable(),
    status: ActivationStatus,
    payment_status: PaymentStatus,
    price: Cents,
    currency: Currency,
    /** What an admin may do now: cancel with a refund (before a code), or finish (with a code). */
    can_cancel: z.boolean(),
    can_finish: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrdersResponse = z.array(AdminOrder);

export const AdminOrderIdParams = z.object({ id: z.uuid() });

const Count = z.number().int();

export const AdminOrdersSummary = z.object({
  total: Count,
  by_status: z.object({
    pending: Count,
    waiting_sms: Count,
    code_received: Count,
    finished: Count,
    cancelled: Count,
    expired: Count,
    failed: Count,
  }),
  by_payment_status: z.object({ pending: Count, paid: Count, refunded: Count }),
  /** Orders created in the last 24 hours. */
  last_24h: Count,
});
export type AdminOrdersSummary = z.infer<typeof AdminOrdersSummary>;
