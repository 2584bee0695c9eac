import { z } from 'zod';

export const ErrorResponse = z.object({ detail: z.string(), code: z.string() }).meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Currency = z.enum(['BRL', 'USD']);
export type Currency = z.infer<typeof Currency>;

export const Role = z.enum(['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN']);
export type Role = z.infer<typeof Role>;

/** Languages and currencies a profile may hold (the profile screen offers es and EUR too). */
export const ProfileLanguage = z.enum(['pt-BR', 'en-US', 'es']);
export const ProfileCurrency = z.enum(['BRL', 'USD', 'EUR']);

/** Integer minor units (cents): never a float anywhere money moves. */
export const Cents = z.number().int().safe();

export const Pagination = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  });
}
