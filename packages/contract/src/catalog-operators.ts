import { z } from 'zod';
import { CountryCode, ServiceCode } from './catalog.ts';

/**
 * A mobile operator as the number sellers name it (vivo, claro, tmobile, virtual21): lower-case letters,
 * digits and underscores. "any" means no choice, as in the sellers' protocols.
 */
export const OperatorName = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z0-9_]+$/);
export type OperatorName = z.infer<typeof OperatorName>;

export const ProductOperatorsQuery = z.object({ service: ServiceCode, country: CountryCode }).strict();
export type ProductOperatorsQuery = z.infer<typeof ProductOperatorsQuery>;

/** The operators one may choose for a product, sorted; empty when its sellers do not tell them apart. */
export const ProductOperators = z
  .object({
    service: z.string(),
    country: z.string(),
    operators: z.array(z.string()),
  })
  .meta({ id: 'ProductOperators' });
export type ProductOperators = z.infer<typeof ProductOperators>;
