import { z } from 'zod';

/** Environment keys of the payment providers; parsed with the rest of the configuration. */
export const paymentsEnv = z.object({
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago', 'stripe']).default('sandbox'),
});

export function paymentsConfig(e: z.infer<typeof paymentsEnv>) {
  return { provider: e.PAYMENT_PROVIDER };
}
