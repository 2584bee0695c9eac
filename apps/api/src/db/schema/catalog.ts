import {
  bigint,
  boolean,
  char,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  namePt: text('name_pt').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const countries = pgTable('countries', {
  code: char('code', { length: 2 }).primaryKey(),
  namePt: text('name_pt').notNull(),
  nameEn: text('name_en').notNull(),
  dialCode: text('dial_code').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The country number of the reseller protocol (handler_api.php); null when not mapped. */
  protocolId: integer('protocol_id'),
});

export const services = pgTable('services', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  popularity: integer('popularity').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  sku: text('sku').notNull().unique(),
  serviceCode: text('service_code')
    .notNull()
    .references(() => services.code),
  countryCode: char('country_code', { length: 2 })
    .notNull()
    .references(() => countries.code),
  priceBrl: bigint('price_brl', { mode: 'number' }).notNull(),
  priceUsd: bigint('price_usd', { mode: 'number' }).notNull(),
  stock: integer('stock').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Off sale by the catalogue import (features/catalog/catalog-import.ts), lifted by it too. */
  saleHold: text('sale_hold').$type<'withdrawn' | 'cost_above_price'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an upstream seller charges us for a product, per currency (cents): the base of pricing rules. */
export const productCosts = pgTable(
  'product_costs',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    currency: char('currency', { length: 3 }).notNull().$type<'BRL' | 'USD'>(),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.provider, t.currency] })],
);

/** A pricing rule staff saved, run in position order by "apply saved rules" (and after a cost sync if auto_apply). */
export const pricingRules = pgTable('pricing_rules', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  currency: char('currency', { length: 3 }).notNull().$type<'BRL' | 'USD'>(),
  markupPercent: numeric('markup_percent', { precision: 7, scale: 2, mode: 'number' }).notNull(),
  provider: text('provider'),
  service: text('service'),
  country: char('country', { length: 2 }),
  ending: smallint('ending'),
  floor: bigint('floor', { mode: 'number' }),
  autoApply: boolean('auto_apply').notNull().default(false),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's favourite services, shown first on the products page. */
export const favouriteServices = pgTable(
  'favourite_services',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceCode: text('service_code')
      .notNull()
      .references(() => services.code, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceCode] })],
);
