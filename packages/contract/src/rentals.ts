import { z } from 'zod';
import { Cents, Currency, Pagination, paginated } from './common.ts';

/** The rental durations the store sells, in hours: 4, 12, 24, 48, 72 hours, 7, 14 and 30 days. */
export const RENTAL_HOURS = [4, 12, 24, 48, 72, 168, 336, 720] as const;
export const RentalHours = z.coerce
  .number()
  .int()
  .refine((h) => (RENTAL_HOURS as readonly number[]).includes(h), { message: 'not a rental duration' });

export const RentalStatus = z.enum(['pending', 'active', 'finished', 'cancelled', 'expired', 'failed']);
export type RentalStatus = z.infer<typeof RentalStatus>;

export const RentalIdParams = z.object({ id: z.uuid() });

/** What a product costs to rent, per duration, in one currency. */
export const RentalQuote = z
  .object({
    product_id: z.number().int(),
    rentable: z.boolean(),
    currency: Currency,
    cancel_window_minutes: z.number().int(),
    durations: z.array(z.object({ hours: z.number().int(), price: Cents })),
  })
  .meta({ id: 'RentalQuote' });
export type RentalQuote = z.infer<typeof RentalQuote>;

export const RentalQuoteQuery = z.object({
  product_id: z.coerce.number().int().positive(),
  currency: Currency,
});

export const RentBody = z
  .object({
    product_id: z.number().int().positive(),
    currency: Currency,
    hours: RentalHours,
    /** Shown to the customer before buying: a different price now is refused, never charged. */
    expected_price: Cents.positive().optional(),
    operator: z
      .string()
      .regex(/^[a-z0-9_]{1,32}$/)
      .optional(),
  })
  .meta({ id: 'RentBody' });
export type RentBody = z.infer<typeof RentBody>;

export const RentalMessage = z.object({
  id: z.number().int(),
  sender: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  received_at: z.string(),
});
export type RentalMessage = z.infer<typeof RentalMessage>;

export const RentalSummary = z.object({
  id: z.uuid(),
  /** The reseller protocol's id of the rental. */
  number: z.number().int(),
  service_code: z.string(),
  service_name: z.string(),
  country_code: z.string(),
  operator: z.string().nullable(),
  phone_number: z.string().nullable(),
  status: RentalStatus,
  currency: Currency,
  hours: z.number().int(),
  /** Everything charged for the rental: the first charge and the extensions applied. */
  total_paid: Cents,
  settled: z.enum(['captured', 'refunded']).nullable(),
  started_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  seconds_left: z.number().int(),
  /** Until when a cancel refunds in full (null once an SMS came, or when it is not active). */
  refundable_until: z.string().nullable(),
  sms_count: z.number().int(),
  can_cancel: z.boolean(),
  can_finish: z.boolean(),
  can_extend: z.boolean(),
  created_at: z.string(),
});
export type RentalSummary = z.infer<typeof RentalSummary>;

export const RentalDetail = RentalSummary.extend({ messages: z.array(RentalMessage) }).meta({
  id: 'RentalDetail',
});
export type RentalDetail = z.infer<typeof RentalDetail>;

export const RentalsQuery = Pagination.extend({ status: RentalStatus.optional() });
export const RentalsPage = paginated(RentalSummary).meta({ id: 'RentalsPage' });
export type RentalsPage = z.infer<typeof RentalsPage>;

export const ExtensionQuoteQuery = z.object({ hours: RentalHours });
export const ExtensionQuote = z
  .object({ hours: z.number().int(), price: Cents, currency: Currency, ends_at_after: z.string() })
  .meta({ id: 'ExtensionQuote' });
export type ExtensionQuote = z.infer<typeof ExtensionQuote>;

export const ExtendBody = z
  .object({ hours: RentalHours, expected_price: Cents.positive().optional() })
  .meta({ id: 'ExtendBody' });
export type ExtendBody = z.infer<typeof ExtendBody>;

/** Staff: a rental in the store-wide list, with whose it is. */
export const StaffRental = RentalSummary.extend({ user_id: z.uuid(), user_email: z.string() });
export const StaffRentalsQuery = RentalsQuery.extend({ user_id: z.uuid().optional() });
export const StaffRentalsPage = paginated(StaffRental).meta({ id: 'StaffRentalsPage' });
export type StaffRentalsPage = z.infer<typeof StaffRentalsPage>;

/** Staff: the rental rules. factor_percent: price of a duration = activation price × factor / 100. */
export const RentalSettings = z
  .object({
    cancel_window_minutes: z.number().int().min(0).max(120),
    factor_percent: z.record(z.string().regex(/^\d+$/), z.number().int().min(1).max(1_000_000)),
  })
  .meta({ id: 'RentalSettings' });
export type RentalSettings = z.infer<typeof RentalSettings>;

export const RentableBody = z.object({ rentable: z.boolean() });
