import { PASSWORD_MIN_LENGTH, type RegisterBody } from '@numero/contract/auth';
import { normaliseLanguage } from '../../i18n/index.ts';

export interface RegisterFields {
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterValidationKey =
  | 'validation.required'
  | 'validation.invalidEmail'
  | 'validation.passwordMismatch'
  | 'validation.passwordTooShort';

// The browser's own rule for type=email, in short; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of spec §5 the form has, or null when it may be sent. */
export function validateRegister({
  email,
  password,
  confirmPassword,
}: RegisterFields): RegisterValidationKey | null {
  if (!email.trim() || !password || !confirmPassword) return 'validation.required';
  if (!EMAIL.test(email.trim())) return 'validation.invalidEmail';
  if (password !== confirmPassword) return 'validation.passwordMismatch';
  if (password.length < PASSWORD_MIN_LENGTH) return 'validation.passwordTooShort';
  return null;
}

/** A new account starts in the interface's language and its currency: pt → pt-BR/BRL, en → en-US/USD. */
export function registerBody(fields: RegisterFields, interfaceLanguage: string): RegisterBody {
  const en = normaliseLanguage(interfaceLanguage) === 'en';
  return {
    email: fields.email.trim(),
    password: fields.password,
    preferred_language: en ? 'en-US' : 'pt-BR',
    preferred_currency: en ? 'USD' : 'BRL',
  };
}
