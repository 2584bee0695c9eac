import type { AdminUser } from '@numero/contract/admin';
import type { Role } from '@numero/contract/common';

/** Spec §3 "Mapped for display": what the users screen shows of an admin user record. */
export interface DisplayUser {
  id: string;
  /** The full name, else the part of the email before the @. */
  name: string;
  email: string;
  /** The spec's screen holds the single role as a list. */
  roles: Role[];
  created_at: string;
  last_login: string | null;
  is_active: boolean;
  phone: string | null;
  /** BR when the user pays in reais, else US. */
  country: 'BR' | 'US';
  wallet_balance_cents: number;
  /** Kept for the edit form, which sends back only what changed. */
  full_name: string | null;
  preferred_currency: AdminUser['preferred_currency'];
}

export function displayNameOf(fullName: string | null | undefined, email: string): string {
  return fullName?.trim() || email.split('@')[0] || email;
}

export function countryOf(currency: string): 'BR' | 'US' {
  return currency === 'BRL' ? 'BR' : 'US';
}

/**
 * The form's country is free text (hint: BR, US). Brazil, however it is typed, or nothing, means reais;
 * anything else means dollars, the store's other currency.
 */
export function currencyForCountry(country: string): 'BRL' | 'USD' {
  const c = country
    .trim()
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return c === '' || c === 'BR' || c === 'BRA' || c.startsWith('BRASIL') || c.startsWith('BRAZIL')
    ? 'BRL'
    : 'USD';
}

/** The avatar's letter: the first letter of the name, in capitals. */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? '?').toUpperCase();
}

export function toDisplayUser(u: AdminUser): DisplayUser {
  return {
    id: u.id,
    name: displayNameOf(u.profile?.full_name, u.email),
    email: u.email,
    roles: [u.role],
    created_at: u.created_at,
    last_login: u.last_login,
    is_active: u.is_active,
    phone: u.profile?.phone_number || null,
    country: countryOf(u.preferred_currency),
    wallet_balance_cents: u.balance_base_cents,
    full_name: u.profile?.full_name ?? null,
    preferred_currency: u.preferred_currency,
  };
}
