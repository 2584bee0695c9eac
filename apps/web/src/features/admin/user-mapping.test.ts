import type { AdminUser } from '@numero/contract/admin';
import { describe, expect, it } from 'vitest';
import { countryOf, currencyForCountry, displayNameOf, initialOf, toDisplayUser } from './user-mapping.ts';

const record = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ana.souza@numero.test',
  role: 'PREMIUM',
  created_at: '2025-03-01T12:00:00.000Z',
  last_login: null,
  is_active: true,
  preferred_currency: 'BRL',
  preferred_language: 'pt-BR',
  balance_base_cents: 12_345,
  profile: { full_name: 'Ana Souza', phone_number: '+55 11 91234-5678' },
  ...over,
});

describe('admin user record → display (spec §3)', () => {
  it('maps every field the screen shows', () => {
    expect(toDisplayUser(record())).toEqual({
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Ana Souza',
      email: 'ana.souza@numero.test',
      roles: ['PREMIUM'],
      created_at: '2025-03-01T12:00:00.000Z',
      last_login: null,
      is_active: true,
      phone: '+55 11 91234-5678',
      country: 'BR',
      wallet_balance_cents: 12_345,
      full_name: 'Ana Souza',
      preferred_currency: 'BRL',
    });
  });

  it('names the user by the full name, else the part of the email before the @', () => {
    expect(toDisplayUser(record({ profile: { full_name: null, phone_number: null } })).name).toBe(
      'ana.souza',
    );
    expect(toDisplayUser(record({ profile: { full_name: '   ', phone_number: null } })).name).toBe(
      'ana.souza',
    );
    expect(displayNameOf('  Bruno Lima ', 'b@x.test')).toBe('Bruno Lima');
    expect(displayNameOf(undefined, '@odd')).toBe('@odd');
  });

  it('country is BR for BRL, else US', () => {
    expect(toDisplayUser(record({ preferred_currency: 'USD' })).country).toBe('US');
    expect(countryOf('EUR')).toBe('US');
    expect(countryOf('BRL')).toBe('BR');
  });

  it('an empty phone is no phone', () => {
    expect(toDisplayUser(record({ profile: { full_name: 'A', phone_number: '' } })).phone).toBeNull();
  });

  it('the form country picks the currency: Brazil in any spelling or nothing is BRL, the rest USD', () => {
    for (const c of ['BR', 'br', ' Br ', '', 'Brasil', 'BRASÍLIA', 'Brazil', 'bra'])
      expect(currencyForCountry(c), c).toBe('BRL');
    for (const c of ['US', 'usa', 'Portugal', 'AR']) expect(currencyForCountry(c), c).toBe('USD');
  });

  it('the avatar shows the first letter in capitals', () => {
    expect(initialOf('ana')).toBe('A');
    expect(initialOf('  élio')).toBe('É');
    expect(initialOf('')).toBe('?');
  });
});
