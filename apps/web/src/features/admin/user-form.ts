import {
  type AdminUserCreate,
  type AdminUserUpdate,
  UserEmail,
  UserFullName,
  UserPhoneNumber,
} from '@numero/contract/admin';
import { Role } from '@numero/contract/common';
import { z } from 'zod';
import { keyedResolver } from '../../lib/keyed-resolver.ts';
import { currencyForCountry, type DisplayUser } from './user-mapping.ts';

/** The roles the form offers: the spec's USER, PREMIUM, ADMIN, and the store's CUSTOMER and MANAGER. */
export const FORM_ROLES: readonly Role[] = ['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN'];

export interface UserFormValues {
  name: string;
  email: string;
  phone: string;
  country: string;
  role: Role;
  active: boolean;
}

/** Keys (namespace `admin-users`) of the form's messages. */
export const FORM_MESSAGES = {
  nameRequired: 'form.errors.nameRequired',
  nameTooLong: 'form.errors.nameTooLong',
  emailRequired: 'form.errors.emailRequired',
  emailInvalid: 'form.errors.emailInvalid',
  phoneInvalid: 'form.errors.phoneInvalid',
  countryTooLong: 'form.errors.countryTooLong',
} as const;

/** A new user: role USER and active, as spec §5 says. */
export function emptyUserForm(): UserFormValues {
  return { name: '', email: '', phone: '', country: 'BR', role: 'USER', active: true };
}

export function userFormFrom(user: DisplayUser): UserFormValues {
  return {
    name: user.full_name ?? '',
    email: user.email,
    phone: user.phone ?? '',
    country: user.country,
    role: user.roles[0] ?? 'USER',
    active: user.is_active,
  };
}

const filled = <T extends z.ZodType<unknown, string>>(rule: T) => z.string().trim().min(1).pipe(rule);

/**
 * The form checked by the contract's rules for these fields (what POST /users/register and PATCH
 * /users/{id} check). The name is required on top, as spec §5 asks of this form; the country is never
 * sent (it only picks the currency), so its bound is the form's own.
 */
const userFormSchema = z.object({
  name: filled(UserFullName),
  email: filled(UserEmail),
  phone: UserPhoneNumber,
  country: z.string().trim().max(56),
  role: Role,
  active: z.boolean(),
});

/** react-hook-form's resolver for the user form: its values trimmed, a refused field named in its own words. */
export const userFormResolver = keyedResolver<UserFormValues, UserFormValues>(userFormSchema, {
  name: { blank: FORM_MESSAGES.nameRequired, invalid: FORM_MESSAGES.nameTooLong },
  email: { blank: FORM_MESSAGES.emailRequired, invalid: FORM_MESSAGES.emailInvalid },
  phone: FORM_MESSAGES.phoneInvalid,
  country: FORM_MESSAGES.countryTooLong,
});

/** POST /api/v1/users/register: no password, so the server makes a temporary one and shows it once. */
export function toCreatePayload(v: UserFormValues): AdminUserCreate {
  return {
    email: v.email.trim(),
    role: v.role,
    preferred_language: 'pt-BR',
    preferred_currency: currencyForCountry(v.country),
    is_active: v.active,
    profile: { full_name: v.name.trim(), phone_number: v.phone.trim() || null },
  };
}

/**
 * PATCH /api/v1/users/{id} for the edited user: only what differs from what they have now (the role goes
 * through its own call). Empty when nothing but the role changed.
 */
export function toUpdatePayload(v: UserFormValues, current: DisplayUser): AdminUserUpdate {
  const body: AdminUserUpdate = {};
  const name = v.name.trim();
  const email = v.email.trim().toLowerCase();
  const phone = v.phone.trim() || null;
  const currency = currencyForCountry(v.country);
  if (name !== (current.full_name ?? '')) body.full_name = name;
  if (email !== current.email) body.email = email;
  if (phone !== current.phone) body.phone_number = phone;
  // A EUR profile shows as US; it changes only when the admin picks another country.
  if (currencyForCountry(current.country) !== currency) body.preferred_currency = currency;
  if (v.active !== current.is_active) body.is_active = v.active;
  return body;
}
