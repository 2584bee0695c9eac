import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginForm,
  RegisterBody,
  RegisterRequest,
  ResetPasswordRequest,
} from '@numero/contract/auth';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The texts of spec §5, in the order a form names its first problem. */
export type ValidationKey =
  | 'validation.required'
  | 'validation.invalidEmail'
  | 'validation.passwordMismatch'
  | 'validation.passwordTooShort'
  | 'validation.tooLong';

/** Zod's issue in the spec's words: an empty field, a malformed email, a short or long value, a mismatch. */
function specKey(issue: { code: string; minimum?: unknown }): ValidationKey {
  if (issue.code === 'too_small')
    return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.passwordTooShort';
  if (issue.code === 'invalid_format') return 'validation.invalidEmail';
  if (issue.code === 'too_big') return 'validation.tooLong';
  return 'validation.passwordMismatch';
}

/** Filled in, then checked by the contract's own rule for that field (what the server checks). */
const filled = <T extends z.ZodType<unknown, string>>(rule: T, trim = false) =>
  (trim ? z.string().trim() : z.string()).min(1).pipe(rule);

const confirmed = <T extends z.ZodRawShape>(shape: T, password: keyof T & string) =>
  z
    .object({ ...shape, confirmPassword: z.string().min(1) })
    .refine((v: Record<string, unknown>) => v[password] === v.confirmPassword, {
      path: ['confirmPassword'],
      // Compared as soon as both are typed, also when one is still too short.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    });

export const loginSchema = (askOtp: boolean) =>
  z.object({
    email: filled(LoginForm.shape.username, true),
    password: filled(LoginForm.shape.password),
    otp: askOtp ? filled(z.string().max(64), true) : z.string(),
  });

export const forgotPasswordSchema = z.object({ email: filled(ForgotPasswordRequest.shape.email, true) });

export const registerSchema = confirmed(
  { email: filled(RegisterRequest.shape.email, true), password: filled(RegisterBody.shape.password) },
  'password',
);

export const resetPasswordSchema = confirmed(
  { password: filled(ResetPasswordRequest.shape.password) },
  'password',
);

export const changePasswordSchema = confirmed(
  {
    current_password: filled(ChangePasswordRequest.shape.current_password),
    new_password: filled(ChangePasswordRequest.shape.new_password),
  },
  'new_password',
);

/** A react-hook-form resolver whose messages are the spec's keys, to be shown with `t`. */
export function specResolver<T extends z.ZodType<FieldValues, FieldValues>>(schema: T) {
  return zodResolver(schema, { error: (issue) => specKey(issue) }) as unknown as Resolver<
    z.input<T>,
    unknown,
    z.output<T>
  >;
}

/** The first problem of `order` the values have, checked as the form checks them (outside a form). */
export function problemOf(schema: z.ZodType, values: unknown, order: readonly ValidationKey[]) {
  const result = schema.safeParse(values, { error: (issue) => specKey(issue) });
  const found = new Set(result.success ? [] : result.error.issues.map((i) => i.message));
  return order.find((key) => found.has(key)) ?? null;
}

/** The one problem the form's alert names: the first of `order` any field has. */
export const REGISTER_ORDER = [
  'validation.required',
  'validation.invalidEmail',
  'validation.passwordMismatch',
  'validation.passwordTooShort',
  'validation.tooLong',
] as const;

export const EMAIL_ORDER = ['validation.required', 'validation.invalidEmail', 'validation.tooLong'] as const;

export const NEW_PASSWORD_ORDER = [
  'validation.required',
  'validation.passwordTooShort',
  'validation.passwordMismatch',
  'validation.tooLong',
] as const;
