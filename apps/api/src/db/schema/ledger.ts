import { bigint, bigserial, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['wallet', 'escrow', 'revenue', 'external_in', 'staff_adjustments'] }).notNull(),
  userId: uuid('user_id').references(() => users.id),
  currency: text('currency', { enum: ['BRL', 'USD'] }).notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerTransfers = pgTable('ledger_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind', { enum: ['topup', 'purchase', 'capture', 'refund', 'adjustment'] }).notNull(),
  currency: text('currency', { enum: ['BRL', 'USD'] }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  userId: uuid('user_id').references(() => users.id),
  description: text('description').notNull(),
  reference: text('reference'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  transferId: bigint('transfer_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerTransfers.id),
  accountId: bigint('account_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerAccounts.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
