import { z } from 'zod';

export const ErrorResponse = z.object({ detail: z.string(), code: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Currency = z.enum(['BRL', 'USD']);
export type Currency = z.infer<typeof Currency>;

export const Role = z.enum(['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN']);
export type Role = z.infer<typeof Role>;
/** The staff roles: the admin area, staff-only rules (second factor required, no self-deletion). */
export const isStaffRole = (role: Role) => role === 'ADMIN' || role === 'MANAGER';

/** Languages and currencies a profile may hold (the profile screen offers es and EUR too). */
export const ProfileLanguage = z.enum(['pt-BR', 'en-US', 'es']);
export type ProfileLanguage = z.infer<typeof ProfileLanguage>;
export const ProfileCurrency = z.enum(['BRL', 'USD', 'EUR']);
export type ProfileCurrency = z.infer<typeof ProfileCurrency>;

/** Integer minor units (cents): never a float anywhere money moves. */
export const Cents = z.number().int().safe();
export type Cents = z.infer<typeof Cents>;

export const Pagination = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type Pagination = z.infer<typeof Pagination>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });
}

/** Free text typed in a search box: trimmed, bounded, and absent when blank. */
export const SearchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((s) => (s ? s : undefined));

// ---- /health and /ready ----

export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;
export const ReadyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** GET /api/v1/store: what every page needs to know about the store itself. */
export const StoreInfo = z.object({
  /** Sandbox payments or simulated numbers are in use: nothing bought here is real. */
  demo: z.boolean(),
  /** The smallest and largest top-up per currency, in cents, as staff set them in the store settings. */
  topup_limits: z.object({
    BRL: z.object({ min: Cents, max: Cents }),
    USD: z.object({ min: Cents, max: Cents }),
  }),
  /** The payment methods whose top-up needs the payer's name and CPF/CNPJ with this store's provider. */
  payer_required: z.array(z.enum(['pix', 'card', 'boleto'])),
});
export type StoreInfo = z.infer<typeof StoreInfo>;
