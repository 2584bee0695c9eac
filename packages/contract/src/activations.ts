import { z } from 'zod';
import { ServiceInCountry } from './catalog.ts';
import { OperatorName } from './catalog-operators.ts';
import { Cents, Currency, Pagination, paginated, SearchText } from './common.ts';

export const ACTIVATION_STATUSES = [
  'pending',
  'waiting_sms',
  'code_received',
  'finished',
  'cancelled',
  'expired',
  'failed',
] as const;
export const ActivationStatus = z.enum(ACTIVATION_STATUSES);
export type ActivationStatus = z.infer<typeof ActivationStatus>;

/** A number waits this long for its SMS; afterwards it expires and the price goes back to the wallet. */
export const ACTIVATION_TTL_MS = 20 * 60_000;

/** Sent as the `Idempotency-Key` header of a purchase: the same key never buys twice. */
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const PurchaseBody = z
  .object({
    product_id: z.number().int().positive().max(2_147_483_647),
    currency: Currency,
    /** The mobile operator the number must belong to; absent or "any": whichever the seller has. */
    operator: OperatorName.optional(),
  })
  .strict();
export type PurchaseBody = z.infer<typeof PurchaseBody>;

export const ActivationIdParams = z.object({ id: z.uuid() });
export type ActivationIdParams = z.infer<typeof ActivationIdParams>;

export const ActivationsQuery = Pagination.extend({ status: ActivationStatus.optional() });
export type ActivationsQuery = z.infer<typeof ActivationsQuery>;

export const SmsMessage = z.object({
  text: z.string(),
  code: z.string(),
  received_at: z.string(),
});
export type SmsMessage = z.infer<typeof SmsMessage>;

export const Activation = z
  .object({
    id: z.uuid(),
    /** The integer id the reseller protocol (handler_api.php) shows for this activation. */
    public_id: z.number().int().positive(),
    product_id: z.number().int(),
    service_code: z.string(),
    service_name: z.string(),
    country_code: z.string(),
    country_name_pt: z.string(),
    country_name_en: z.string(),
    currency: Currency,
    price: Cents,
    status: ActivationStatus,
    /** E.164 digits without the plus sign; null until upstream assigns a number. */
    phone_number: z.string().nullable(),
    /** The mobile operator chosen at purchase; null: any operator. */
    operator: z.string().nullable(),
    /** The latest code delivered to the customer. */
    code: z.string().nullable(),
    sms_text: z.string().nullable(),
    resend_count: z.number().int(),
    /** True while an SMS is awaited: before the first code, or after asking for another one. */
    awaiting_sms: z.boolean(),
    /** 'captured': the price was charged; 'refunded': it went back to the wallet; null: held. */
    settled: z.enum(['captured', 'refunded']).nullable(),
    expires_at: z.string().nullable(),
    /** Seconds until expires_at by the server's clock, so a countdown ignores the browser's clock. */
    remaining_seconds: z.number().int().nullable(),
    can_cancel: z.boolean(),
    can_resend: z.boolean(),
    can_finish: z.boolean(),
    /** The code came (the price was charged): the customer may ask to use this number again. */
    can_reuse: z.boolean().optional(),
    /** The activation whose number this one uses again; null or absent: a number of its own. */
    reused_from: z.uuid().nullable().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Activation' });
export type Activation = z.infer<typeof Activation>;

export const ActivationDetail = Activation.extend({ messages: z.array(SmsMessage) }).meta({
  id: 'ActivationDetail',
});
export type ActivationDetail = z.infer<typeof ActivationDetail>;

export const ActivationsPage = paginated(Activation);
export type ActivationsPage = z.infer<typeof ActivationsPage>;

export const ActivationsSummary = z.object({
  /** pending, waiting for an SMS, or holding a code not yet finished */
  active_count: z.number().int(),
  total_count: z.number().int(),
  recent: z.array(Activation),
});
export type ActivationsSummary = z.infer<typeof ActivationsSummary>;

// ---- staff view of every customer's activations (orders) ----

export const ORDER_PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
/** paid: the price was captured (the code arrived); refunded: it went back to the wallet; pending: held. */
export const OrderPaymentStatus = z.enum(ORDER_PAYMENT_STATUSES);
export type OrderPaymentStatus = z.infer<typeof OrderPaymentStatus>;

export const AdminOrdersFilter = z.object({
  /** An activation id (or its first characters), a customer's name or email, or digits of the number. */
  search: SearchText,
  status: ActivationStatus.optional(),
  payment_status: OrderPaymentStatus.optional(),
});
export type AdminOrdersFilter = z.infer<typeof AdminOrdersFilter>;
export const AdminOrdersQuery = Pagination.extend(AdminOrdersFilter.shape);
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrdersExportQuery = AdminOrdersFilter.extend({
  /** A download link cannot set Accept-Language: the column titles' language comes here. */
  lang: z.enum(['pt', 'en']).optional(),
});
export type AdminOrdersExportQuery = z.infer<typeof AdminOrdersExportQuery>;

export const AdminOrder = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    /** The customer's full name, else the part of the email before the @. */
    user_name: z.string(),
    user_email: z.string(),
    ...ServiceInCountry.shape,
    phone_number: z.string().nullable(),
    code: z.string().nullable(),
    status: ActivationStatus,
    payment_status: OrderPaymentStatus,
    price: Cents,
    currency: Currency,
    /** What an admin may do now: cancel with a refund (before a code), or finish (with a code). */
    can_cancel: z.boolean(),
    can_finish: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrdersResponse = z.array(AdminOrder);
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;

export const AdminOrderIdParams = z.object({ id: z.uuid() });
export type AdminOrderIdParams = z.infer<typeof AdminOrderIdParams>;

const Count = z.number().int();

export const AdminOrdersSummary = z.object({
  total: Count,
  by_status: z.object({
    pending: Count,
    waiting_sms: Count,
    code_received: Count,
    finished: Count,
    cancelled: Count,
    expired: Count,
    failed: Count,
  }),
  by_payment_status: z.object({ pending: Count, paid: Count, refunded: Count }),
  /** Orders created in the last 24 hours. */
  last_24h: Count,
});
export type AdminOrdersSummary = z.infer<typeof AdminOrdersSummary>;
