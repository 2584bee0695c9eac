import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  loginSchema,
  NEW_PASSWORD_ORDER,
  problemOf,
  REGISTER_ORDER,
  registerSchema,
} from './auth-forms.ts';

const ORDER = ['validation.required', 'validation.tooLong'] as const;

describe('auth forms checked by the contract schemas, in the spec texts', () => {
  it('sign-in asks for both fields, and for the code once the account needs it', () => {
    expect(problemOf(loginSchema(false), { email: ' ', password: 'x', otp: '' }, ORDER)).toBe(
      'validation.required',
    );
    expect(
      problemOf(loginSchema(false), { email: 'ana@example.com', password: 'x', otp: '' }, ORDER),
    ).toBeNull();
    expect(problemOf(loginSchema(true), { email: 'ana@example.com', password: 'x', otp: '' }, ORDER)).toBe(
      'validation.required',
    );
  });

  it('registration names a mismatch before a short password, as the server would refuse both', () => {
    const fields = { email: 'ana@example.com', password: '1234567', confirmPassword: '1234568' };
    expect(problemOf(registerSchema, fields, REGISTER_ORDER)).toBe('validation.passwordMismatch');
  });

  it('refuses a password longer than the server takes', () => {
    const long = 'x'.repeat(129);
    const fields = { email: 'ana@example.com', password: long, confirmPassword: long };
    expect(problemOf(registerSchema, fields, REGISTER_ORDER)).toBe('validation.tooLong');
  });

  it('a new password is long enough before it is compared', () => {
    const fields = { current_password: 'old-one', new_password: 'short', confirmPassword: 'other' };
    expect(problemOf(changePasswordSchema, fields, NEW_PASSWORD_ORDER)).toBe('validation.passwordTooShort');
    expect(
      problemOf(
        changePasswordSchema,
        { current_password: '', new_password: 's3nha-forte', confirmPassword: 's3nha-forte' },
        NEW_PASSWORD_ORDER,
      ),
    ).toBe('validation.required');
    expect(
      problemOf(
        changePasswordSchema,
        { current_password: 'old-one', new_password: 's3nha-forte', confirmPassword: 's3nha-forte' },
        NEW_PASSWORD_ORDER,
      ),
    ).toBeNull();
  });
});
