import { type CurrentUser, ProfileUpdate } from '@numero/contract/account';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';

export const PROFILE_LANGUAGES = ['pt-BR', 'en-US', 'es'] as const;
export const PROFILE_CURRENCIES = ['BRL', 'USD', 'EUR'] as const;

export interface ProfileFields {
  name: string;
  phone: string;
  language: (typeof PROFILE_LANGUAGES)[number];
  currency: (typeof PROFILE_CURRENCIES)[number];
}

export function profileFields(user: CurrentUser): ProfileFields {
  return {
    name: user.profile?.full_name ?? '',
    phone: user.profile?.phone_number ?? '',
    language: user.preferred_language,
    currency: user.preferred_currency,
  };
}

/** An emptied text clears the value on the server; otherwise the contract's own rule checks it. */
const clearable = <T extends z.ZodType<string | null, string | null>>(rule: T) =>
  z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(rule);

/** The form's fields checked with the contract's ProfileUpdate rules, and turned into its body. */
const profileSchema = z
  .object({
    name: clearable(ProfileUpdate.shape.full_name.unwrap()),
    phone: clearable(ProfileUpdate.shape.phone_number.unwrap()),
    language: z.enum(PROFILE_LANGUAGES),
    currency: z.enum(PROFILE_CURRENCIES),
  })
  .transform(
    (f): ProfileUpdate => ({
      full_name: f.name,
      phone_number: f.phone,
      preferred_language: f.language,
      preferred_currency: f.currency,
    }),
  );

/** react-hook-form's resolver for the profile: a refused field is named in its own words. */
export const profileResolver = keyedResolver<ProfileFields, ProfileUpdate>(profileSchema, {
  name: 'invalidName',
  phone: 'invalidPhone',
});
