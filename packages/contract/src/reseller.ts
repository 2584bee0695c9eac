import { z } from 'zod';
import { Pagination, paginated } from './common.ts';

/** Where resellers' bots (written for sms-activate and its successors) call the store. */
export const HANDLER_API_PATH = '/stubs/handler_api.php';

// ---- Webhooks to resellers: an SMS arrived on one of their key's activations ----

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the key's webhook secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Numero-Signature';
/** The event's id: the same on every retry of one SMS, so a receiver keeps the first and drops the rest. */
export const WEBHOOK_EVENT_ID_HEADER = 'X-Numero-Event-Id';

/** The body of a delivery, in the protocol's words (as sellers that push SMS send it). */
export const WebhookPayload = z
  .object({
    activationId: z.number().int(),
    service: z.string(),
    text: z.string(),
    code: z.string(),
    country: z.number().int(),
    receivedAt: z.string(),
  })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One event and how its delivery went, as the key's owner sees it. */
export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    activation_id: z.number().int(),
    status: WebhookDeliveryStatus,
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    /** When the next try is due; null once delivered or given up. */
    next_attempt_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = Pagination;
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveriesPage = paginated(WebhookDelivery);
export type WebhookDeliveriesPage = z.infer<typeof WebhookDeliveriesPage>;
