import { describe, expect, it } from 'vitest';
import { registerBody, validateRegister } from './register-form.ts';

const ok = { email: 'ana@example.com', password: 's3nha-forte', confirmPassword: 's3nha-forte' };

describe('validateRegister (spec §5)', () => {
  it('asks for every field', () => {
    expect(validateRegister({ ...ok, email: '  ' })).toBe('validation.required');
    expect(validateRegister({ ...ok, password: '' })).toBe('validation.required');
    expect(validateRegister({ ...ok, confirmPassword: '' })).toBe('validation.required');
  });

  it('wants the passwords to match', () => {
    expect(validateRegister({ ...ok, confirmPassword: 's3nha-forte!' })).toBe('validation.passwordMismatch');
  });

  it('refuses passwords shorter than 8 characters', () => {
    expect(validateRegister({ ...ok, password: '1234567', confirmPassword: '1234567' })).toBe(
      'validation.passwordTooShort',
    );
    expect(validateRegister({ ...ok, password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });

  it('refuses an email without a domain', () => {
    expect(validateRegister({ ...ok, email: 'ana@' })).toBe('validation.invalidEmail');
  });

  it('accepts a complete form', () => {
    expect(validateRegister(ok)).toBeNull();
  });
});

describe('registerBody', () => {
  it('sends pt-BR and BRL from the Portuguese interface', () => {
    expect(registerBody({ ...ok, email: ' ana@example.com ' }, 'pt')).toEqual({
      email: 'ana@example.com',
      password: 's3nha-forte',
      preferred_language: 'pt-BR',
      preferred_currency: 'BRL',
    });
  });

  it('sends en-US and USD from the English interface', () => {
    expect(registerBody(ok, 'en')).toMatchObject({ preferred_language: 'en-US', preferred_currency: 'USD' });
  });
});
