import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled'] as const;
const METHODS = ['pix', 'card', 'boleto'] as const;
const CURRENCIES = ['BRL', 'USD'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['sandbox', 'mercadopago', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    kind: text('kind', { enum: ['charge', 'checkout'] }).notNull(),
    method: text('method', { enum: METHODS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: STATUSES }).notNull().default('pending'),
    pixCopyPaste: text('pix_copy_paste'),
    pixQr: text('pix_qr'),
    boletoLine: text('boleto_line'),
    boletoUrl: text('boleto_url'),
    checkoutUrl: text('checkout_url'),
    clientSecret: text('client_secret'),
    failureReason: text('failure_reason'),
    expiresAt: timestamptz('expires_at'),
    creditedAt: timestamptz('credited_at'),
    checkedAt: timestamptz('checked_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.checkedAt).where(sql`status = 'pending'`),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [unique('webhook_events_provider_event_key').on(t.provider, t.eventId)],
);

export const sandboxCharges = pgTable('sandbox_charges', {
  providerRef: text('provider_ref').primaryKey(),
  paymentId: text('payment_id').notNull().unique(),
  kind: text('kind', { enum: ['charge', 'checkout'] }).notNull(),
  method: text('method', { enum: METHODS }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  description: text('description').notNull(),
  payerEmail: text('payer_email').notNull(),
  status: text('status', { enum: STATUSES }).notNull(),
  failureReason: text('failure_reason'),
  pixCopyPaste: text('pix_copy_paste'),
  boletoLine: text('boleto_line'),
  clientSecret: text('client_secret'),
  successUrl: text('success_url'),
  cancelUrl: text('cancel_url'),
  expiresAt: timestamptz('expires_at'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
