import type { RegisterBody } from '@numero/contract/auth';
import { normaliseLanguage } from '../../i18n/index.ts';
import { problemOf, REGISTER_ORDER, registerSchema, type ValidationKey } from './auth-forms.ts';

export interface RegisterFields {
  email: string;
  password: string;
  confirmPassword: string;
}

/** The first problem of spec §5 the form has, or null when it may be sent. */
export function validateRegister(fields: RegisterFields): ValidationKey | null {
  return problemOf(registerSchema, fields, REGISTER_ORDER);
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
