import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';

export type CustomerEventType = 'activation' | 'wallet' | 'rental';

export interface CustomerEvent {
  id: number;
  userId: string;
  type: CustomerEventType;
  data: Record<string, unknown>;
}

const toEvent = (r: Record<string, unknown>): CustomerEvent => ({
  id: Number(r.id),
  userId: String(r.user_id),
  type: r.type as CustomerEventType,
  data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
});

/** The short-lived log of what each customer's open pages are told. */
export function createEventsRepository(db: Executor) {
  return {
    async insert(
      ex: Executor,
      userId: string,
      type: CustomerEventType,
      data: Record<string, unknown>,
      at: Date,
    ): Promise<CustomerEvent> {
      const [row] = await queryRows<Record<string, unknown>>(
        ex,
        sql`INSERT INTO customer_events (user_id, type, data, created_at)
            VALUES (${userId}, ${type}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()}::timestamptz)
            RETURNING id, user_id, type, data`,
      );
      return toEvent(row!);
    },

    /** One customer's events after `afterId`, oldest first. */
    async listAfter(userId: string, afterId: number, limit: number): Promise<CustomerEvent[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT id, user_id, type, data FROM customer_events
            WHERE user_id = ${userId} AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
      );
      return rows.map(toEvent);
    },

    /** The newest id of all: a stream that asks for nothing old starts after it. */
    async lastId(): Promise<number> {
      const [row] = await queryRows<{ id: string | null }>(
        db,
        sql`SELECT max(id)::text AS id FROM customer_events`,
      );
      return Number(row?.id ?? 0);
    },

    async pruneBefore(before: Date): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`DELETE FROM customer_events WHERE created_at < ${before.toISOString()}::timestamptz RETURNING id`,
      );
      return rows.length;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
