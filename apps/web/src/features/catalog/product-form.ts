import { AdminProductCreate, ProductPrice, ProductStock } from '@numero/contract/catalog';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { readCount, readPrice } from './money-input.ts';

/** The price and stock fields as typed, shared by the new-product page and the edit dialog. */
export interface PriceStockText {
  priceBrl: string;
  priceUsd: string;
  stock: string;
}

export interface ProductEditFields extends PriceStockText {
  active: boolean;
  /** Pricing rules leave a pinned price alone. */
  pinned: boolean;
}

export interface ProductNewFields extends PriceStockText {
  active: boolean;
  service: string;
  country: string;
}

/** Keys (namespace `admin-products`) of the messages; the price and stock ones take the limit as `max`. */
export const PRODUCT_MESSAGES = {
  price: 'edit.invalidPrice',
  stock: 'edit.invalidStock',
  choice: 'new.required',
} as const;

// Text read as a number, then checked by the contract's rule; what cannot be read becomes a value the
// rule refuses (a price of 0, a stock of -1), so the refusal is the contract's.
const priceText = z
  .string()
  .transform((text) => readPrice(text) ?? 0)
  .pipe(ProductPrice);
const stockText = z
  .string()
  .transform((text) => readCount(text) ?? -1)
  .pipe(ProductStock);

const baseSchema = z.object({
  priceBrl: priceText,
  priceUsd: priceText,
  stock: stockText,
  active: z.boolean(),
});
const editSchema = baseSchema.extend({ pinned: z.boolean() });

/** The edit dialog's values as cents and a count; the dialog sends only what differs from the product. */
export type ProductEditValues = z.output<typeof editSchema>;

const priceStockMessages = {
  priceBrl: PRODUCT_MESSAGES.price,
  priceUsd: PRODUCT_MESSAGES.price,
  stock: PRODUCT_MESSAGES.stock,
};

/** react-hook-form's resolver for the edit dialog, by the contract's AdminProductUpdate rules. */
export const productEditResolver = keyedResolver<ProductEditFields, ProductEditValues>(
  editSchema,
  priceStockMessages,
);

/** The body of POST /admin/products, every field given. */
export type ProductNewBody = z.output<typeof AdminProductCreate>;

const newSchema = baseSchema
  .extend({
    service: z.string().min(1).pipe(AdminProductCreate.shape.service_code),
    country: z.string().min(1).pipe(AdminProductCreate.shape.country_code),
  })
  .transform(
    (f): ProductNewBody => ({
      service_code: f.service,
      country_code: f.country,
      price_brl: f.priceBrl,
      price_usd: f.priceUsd,
      stock: f.stock,
      is_active: f.active,
    }),
  );

/** react-hook-form's resolver for a new product: its output is the body of POST /admin/products. */
export const productNewResolver = keyedResolver<ProductNewFields, ProductNewBody>(newSchema, {
  ...priceStockMessages,
  service: PRODUCT_MESSAGES.choice,
  country: PRODUCT_MESSAGES.choice,
});
