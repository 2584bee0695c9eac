import {
  bigint,
  bigserial,
  boolean,
  char,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const activations = pgTable('activations', {
  id: uuid('id').primaryKey(),
  /** The integer the reseller protocol shows for this activation (bots parse ids as 32-bit integers). */
  publicId: integer('public_id').generatedByDefaultAsIdentity().notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id),
  serviceCode: text('service_code').notNull(),
  countryCode: char('country_code', { length: 2 }).notNull(),
  currency: text('currency', { enum: ['BRL', 'USD'] }).notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  status: text('status', {
    enum: ['pending', 'waiting_sms', 'code_received', 'finished', 'cancelled', 'expired', 'failed'],
  })
    .notNull()
    .default('pending'),
  provider: text('provider'),
  upstreamId: text('upstream_id'),
  phoneNumber: text('phone_number'),
  /** The mobile operator the customer chose (as the sellers name it); null: any operator. */
  operator: text('operator'),
  /** The earlier activation of the same customer whose number this one uses again; null: a new number. */
  reusedFrom: uuid('reused_from'),
  code: text('code'),
  smsText: text('sms_text'),
  resendCount: integer('resend_count').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull(),
  failureCode: text('failure_code'),
  assignedAt: ts('assigned_at'),
  expiresAt: ts('expires_at'),
  nextCheckAt: ts('next_check_at'),
  settled: text('settled', { enum: ['captured', 'refunded'] }),
  settledAt: ts('settled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const smsMessages = pgTable('sms_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activationId: uuid('activation_id')
    .notNull()
    .references(() => activations.id),
  attempt: integer('attempt').notNull(),
  text: text('text').notNull(),
  code: text('code').notNull(),
  receivedAt: ts('received_at').notNull(),
  delivered: boolean('delivered').notNull(),
});
