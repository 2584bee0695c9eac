import { integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { activations } from './activations.ts';
import { apiKeys } from './api-keys.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Which key bought an activation through the reseller protocol. */
export const resellerActivations = pgTable('reseller_activations', {
  activationId: uuid('activation_id')
    .primaryKey()
    .references(() => activations.id, { onDelete: 'cascade' }),
  apiKeyId: uuid('api_key_id')
    .notNull()
    .references(() => apiKeys.id, { onDelete: 'cascade' }),
});

/** One webhook event per SMS, retried until delivered or given up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    activationId: uuid('activation_id')
      .notNull()
      .references(() => activations.id, { onDelete: 'cascade' }),
    smsAttempt: integer('sms_attempt').notNull(),
    /** The exact JSON body sent every time, so a retry carries the same bytes and signature base. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastUrl: text('last_url'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [unique().on(t.activationId, t.smsAttempt)],
);
