import { z } from 'zod';
import { ActivationDetail } from './activations.ts';
import { CountryCode, ServiceCode } from './catalog.ts';
import { OperatorName } from './catalog-operators.ts';
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

/** The most services bought on one number at once. */
export const MAX_SERVICES_PER_NUMBER = 4;

/** Several services on one number: one activation per service, each billed and refunded on its own. */
export const MultiServiceBody = z
  .object({
    country: CountryCode,
    services: z.array(ServiceCode).min(1).max(MAX_SERVICES_PER_NUMBER),
    currency: Currency,
    /** The mobile operator the number must belong to; absent or "any": whichever the seller has. */
    operator: OperatorName.optional(),
  })
  .strict();
export type MultiServiceBody = z.infer<typeof MultiServiceBody>;

export const MultiServicePurchase = z
  .object({
    phone_number: z.string().nullable(),
    /** One per service, in the order asked. */
    activations: z.array(ActivationDetail),
  })
  .meta({ id: 'MultiServicePurchase' });
export type MultiServicePurchase = z.infer<typeof MultiServicePurchase>;
