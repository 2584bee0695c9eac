import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN'] })
    .notNull()
    .default('CUSTOMER'),
  isActive: boolean('is_active').notNull().default(true),
  /** Signed in with a password an admin issued: must set their own before anything else. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  preferredLanguage: text('preferred_language', { enum: ['pt-BR', 'en-US', 'es'] })
    .notNull()
    .default('pt-BR'),
  preferredCurrency: text('preferred_currency', { enum: ['BRL', 'USD', 'EUR'] })
    .notNull()
    .default('BRL'),
  fullName: text('full_name'),
  phoneNumber: text('phone_number'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Null while a self-registered address waits for its confirmation link (when verification is on). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
