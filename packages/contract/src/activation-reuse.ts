import { z } from 'zod';
import { Cents, Currency } from './common.ts';

/**
 * "Use this number again": what a new activation on the number of a finished one would cost, asked
 * before anything is charged. Not available: the seller will not sell that number again, or the
 * activation never received its code (then there is no account on the number to verify again).
 */
export const ReuseQuote = z
  .object({
    activation_id: z.uuid(),
    phone_number: z.string(),
    service_name: z.string(),
    available: z.boolean(),
    /** What the new activation costs, charged from the wallet of `currency` like a purchase. */
    price: Cents,
    currency: Currency,
    /** Why not, when not available: REUSE_NOT_AVAILABLE (the seller refuses) or REUSE_NOT_ALLOWED. */
    reason: z.enum(['REUSE_NOT_AVAILABLE', 'REUSE_NOT_ALLOWED']).nullable(),
  })
  .meta({ id: 'ReuseQuote' });
export type ReuseQuote = z.infer<typeof ReuseQuote>;
