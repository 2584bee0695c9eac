import type { CurrentUser } from '@numero/contract/account';
import { ProfileUpdate } from '@numero/contract/account';

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

export type ProfileFieldErrors = Partial<Record<'name' | 'phone', 'invalidName' | 'invalidPhone'>>;

/** Checks the form with the contract's own schema; empty texts clear the value on the server. */
export function profileUpdate(
  fields: ProfileFields,
): { ok: true; body: ProfileUpdate } | { ok: false; errors: ProfileFieldErrors } {
  const parsed = ProfileUpdate.safeParse({
    full_name: fields.name.trim() || null,
    phone_number: fields.phone.trim() || null,
    preferred_language: fields.language,
    preferred_currency: fields.currency,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'full_name') errors.name = 'invalidName';
    if (issue.path[0] === 'phone_number') errors.phone = 'invalidPhone';
  }
  return { ok: false, errors };
}
