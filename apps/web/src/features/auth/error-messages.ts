import { ApiError } from '../../lib/api-client.ts';

/** Keys (namespace `auth`) of the spec §8 messages, chosen by what went wrong. */
export type LoginErrorKey =
  | 'errors.network'
  | 'errors.invalidCredentials'
  | 'errors.tooManyAttempts'
  | 'errors.totpInvalid'
  | 'errors.loginFailed';
export type RegisterErrorKey =
  | 'errors.network'
  | 'errors.emailTaken'
  | 'errors.tooManyAttempts'
  | 'errors.registerFailed';

export function loginErrorKey(error: unknown): LoginErrorKey {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'errors.network';
    if (error.code === 'TOTP_INVALID') return 'errors.totpInvalid';
    if (error.status === 401) return 'errors.invalidCredentials';
    if (error.status === 429) return 'errors.tooManyAttempts';
  }
  return 'errors.loginFailed';
}

export function registerErrorKey(error: unknown): RegisterErrorKey {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'errors.network';
    if (error.status === 409) return 'errors.emailTaken';
    if (error.status === 429) return 'errors.tooManyAttempts';
  }
  return 'errors.registerFailed';
}

/** The server's own text, when it sent one: the screens prefer it in their toasts (spec §8). */
export function serverDetail(error: unknown): string | null {
  return error instanceof ApiError && error.detail ? error.detail : null;
}

/** The password was right and the account has two-step verification: the form asks for the code. */
export function needsSecondFactor(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TOTP_REQUIRED';
}

/** The password was right but the account's address is not confirmed yet: the form offers a new link. */
export function emailNotVerified(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
}
