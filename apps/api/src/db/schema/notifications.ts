import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  topupCredited: boolean('topup_credited').notNull().default(true),
  activationRefunded: boolean('activation_refunded').notNull().default(true),
  passwordChanged: boolean('password_changed').notNull().default(true),
  newSignIn: boolean('new_sign_in').notNull().default(true),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 (hex) of the browser's device cookie; the cookie itself is never stored. */
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('known_devices_last_seen_at_idx').on(t.lastSeenAt),
  ],
);
