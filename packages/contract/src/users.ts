import { z } from 'zod';
import { ProfileCurrency, ProfileLanguage, Role } from './common.ts';

/** GET /api/v1/users/me (spec §7): id, email, profile.full_name, role, preferred_language, preferred_currency. */
export const CurrentUser = z
  .object({
    id: z.string(),
    email: z.string(),
    role: Role,
    /** The spec's client holds the single role as a list. */
    roles: z.array(Role),
    is_active: z.boolean(),
    preferred_language: ProfileLanguage,
    preferred_currency: ProfileCurrency,
    profile: z.object({ full_name: z.string().nullable(), phone_number: z.string().nullable() }),
    created_at: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const ProfileUpdate = z
  .object({
    full_name: z.string().trim().max(120).nullable().optional(),
    phone_number: z
      .string()
      .trim()
      .max(32)
      .regex(/^\+?[0-9 ()-]*$/)
      .nullable()
      .optional(),
    preferred_language: ProfileLanguage.optional(),
    preferred_currency: ProfileCurrency.optional(),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
