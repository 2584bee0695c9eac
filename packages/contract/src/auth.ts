import { z } from 'zod';
import { CurrentUser } from './account.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** POST /api/v1/auth/login is form-encoded (spec §7): `username` carries the email. */
export const LoginForm = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** The authenticator's 6-digit code, or a recovery code, when the account has two-step verification. */
  otp: z.string().trim().max(64).optional(),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const RegisterBody = z
  .object({
    email: z.email().max(254),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
    preferred_language: z.enum(['pt-BR', 'en-US']).default('pt-BR'),
    preferred_currency: z.enum(['BRL', 'USD']).default('BRL'),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Login, register and the OIDC callback answer with the signed-in (or new) user. */
export const AuthResponse = z.object({ user: CurrentUser });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const CallbackBody = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});
export type CallbackBody = z.infer<typeof CallbackBody>;

/** Which sign-in methods the server offers (the OIDC button shows only when configured). */
export const AuthProviders = z.object({
  oidc: z.boolean(),
  /** A new account must confirm its address by e-mail before signing in. */
  email_verification: z.boolean(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

/**
 * What the server accepts at POST /api/v1/auth/register: RegisterBody with the email trimmed and
 * lowercased before it is checked (people type their address in any case, with stray spaces).
 */
export const RegisterRequest = RegisterBody.extend({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** POST /api/v1/auth/password/forgot: answered alike (202) whether an account has this address or not. */
export const ForgotPasswordRequest = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email().max(254)) })
  .strict();
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** POST /api/v1/auth/password/reset: the token from the e-mailed link and the new password. */
export const ResetPasswordRequest = z
  .object({
    token: z.string().min(1).max(128),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** GET /api/v1/auth/2fa: the caller's two-step verification. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Staff must have it (REQUIRE_STAFF_2FA); they cannot turn it off and reach /admin only with it. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/v1/auth/2fa/setup: a new secret for the authenticator app, not active until confirmed. */
export const TwoFactorSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth link as a PNG data URL, for the app's camera. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** A code from the authenticator (6 digits) or, to turn it off, a recovery code. */
export const TwoFactorCode = z.object({ code: z.string().trim().min(6).max(64) }).strict();
export type TwoFactorCode = z.infer<typeof TwoFactorCode>;

/** POST /api/v1/auth/2fa/enable: the recovery codes, shown this once (only their hashes are kept). */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/**
 * POST /api/v1/auth/password/change: the signed-in user's current password and a new one (the rules of
 * registration). The only call, with /users/me and sign-out, open to someone holding a temporary password.
 */
export const ChangePasswordRequest = z
  .object({
    current_password: z.string().min(1).max(1024),
    new_password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** POST /api/v1/auth/email/verify: the token of an e-mailed confirmation link (a new account or a new address). */
export const VerifyEmailRequest = z.object({ token: z.string().min(1).max(128) }).strict();
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/** POST /api/v1/auth/email/resend: answered alike (202) whatever the address. */
export const ResendVerificationRequest = ForgotPasswordRequest;
export type ResendVerificationRequest = z.infer<typeof ResendVerificationRequest>;

/** POST /api/v1/users/me/email: the new address, and the current password to prove it is the user. */
export const ChangeEmailRequest = z
  .object({
    new_email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
    password: z.string().min(1).max(1024),
  })
  .strict();
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequest>;
