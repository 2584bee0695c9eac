import { describe, expect, it } from 'vitest';
import { profileResolver } from './profile-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false };
const fields = {
  name: '  Ana Souza ',
  phone: '+55 11 91234-5678',
  language: 'pt-BR',
  currency: 'BRL',
} as const;

describe('profile form, checked by the contract', () => {
  it('sends the trimmed values, and an emptied field as null to clear it', async () => {
    const result = await profileResolver({ ...fields, phone: '  ' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      full_name: 'Ana Souza',
      phone_number: null,
      preferred_language: 'pt-BR',
      preferred_currency: 'BRL',
    });
  });

  it('names a phone with letters and a name too long in their own words', async () => {
    const result = await profileResolver(
      { ...fields, name: 'x'.repeat(121), phone: '11 abc' },
      undefined,
      options,
    );
    expect(result.errors.phone?.message).toBe('invalidPhone');
    expect(result.errors.name?.message).toBe('invalidName');
  });
});
