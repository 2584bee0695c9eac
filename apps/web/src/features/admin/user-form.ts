import type { AdminUserCreate, AdminUserUpdate } from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';
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

export type UserFormErrors = Partial<Record<'name' | 'email' | 'phone' | 'country', string>>;

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

// The same rules the server applies (packages/contract/src/admin.ts), checked before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]*$/;

export function validateUserForm(v: UserFormValues): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!v.name.trim()) errors.name = FORM_MESSAGES.nameRequired;
  else if (v.name.trim().length > 120) errors.name = FORM_MESSAGES.nameTooLong;
  if (!v.email.trim()) errors.email = FORM_MESSAGES.emailRequired;
  else if (!EMAIL.test(v.email.trim()) || v.email.trim().length > 254)
    errors.email = FORM_MESSAGES.emailInvalid;
  if (v.phone.trim() && (!PHONE.test(v.phone.trim()) || v.phone.trim().length > 32))
    errors.phone = FORM_MESSAGES.phoneInvalid;
  if (v.country.trim().length > 56) errors.country = FORM_MESSAGES.countryTooLong;
  return errors;
}

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
