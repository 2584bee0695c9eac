import { sql } from 'drizzle-orm';

/**
 * What a customer paid for rental `r` in all, as SQL over `rentals r`: its price unless refunded, and each
 * extension not refunded. The rentals' own reads and the customer's data export say the same.
 */
export const RENTAL_TOTAL_PAID = sql`(r.price * (CASE WHEN r.settled = 'refunded' THEN 0 ELSE 1 END) + COALESCE((
    SELECT sum(e.price) FROM rental_extensions e WHERE e.rental_id = r.id AND e.status <> 'refunded'), 0))`;
