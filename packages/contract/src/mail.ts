import { z } from 'zod';

/** One message of the demo outbox (GET /api/v1/demo/outbox). */
export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** queued: waiting for SMTP; sent: the relay took it; outbox: no SMTP configured, kept here only. */
  status: z.enum(['queued', 'sent', 'outbox']),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const DemoOutbox = z.object({ items: z.array(OutboxMessage) });
export type DemoOutbox = z.infer<typeof DemoOutbox>;
