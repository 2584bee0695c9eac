import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first 8 characters, shown to its owner. */
    prefix: text('prefix').notNull(),
    /** sha-256 (hex) of the key; the key itself is never stored. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
    /** The wallet the key spends from; null follows the owner's language. */
    currency: text('currency', { enum: ['BRL', 'USD'] }),
    webhookUrl: text('webhook_url'),
    /** Signs the webhook deliveries (HMAC-SHA256); shown to the owner once. */
    webhookSecret: text('webhook_secret'),
  },
  (t) => [index('api_keys_user_active_idx').on(t.userId, t.createdAt).where(sql`revoked_at IS NULL`)],
);
