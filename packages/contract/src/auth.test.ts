import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CallbackBody,
  ChangeEmailRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RegisterRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TwoFactorCode,
  VerifyEmailRequest,
} from './auth.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

const shortest = 'x'.repeat(PASSWORD_MIN_LENGTH);
const longest = 'x'.repeat(PASSWORD_MAX_LENGTH);
const tooShort = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
const tooLong = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
/** An address of exactly 254 characters, the longest one the schemas take. */
const longestEmail = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.br`;

describe('addresses people type', () => {
  it('are trimmed and lowercased before they are checked, at registration and everywhere else', () => {
    expect(longestEmail).toHaveLength(254);
    expect(RegisterRequest.parse({ email: '  Ana@Numero.TEST ', password: shortest }).email).toBe(
      'ana@numero.test',
    );
    expect(ForgotPasswordRequest.parse({ email: ' Ana@Numero.TEST' })).toEqual({ email: 'ana@numero.test' });
    expect(ResendVerificationRequest.parse({ email: 'ANA@numero.test ' })).toEqual({
      email: 'ana@numero.test',
    });
    expect(ChangeEmailRequest.parse({ new_email: ' New@Numero.TEST ', password: 'x' })).toEqual({
      new_email: 'new@numero.test',
      password: 'x',
    });
  });

  it('are refused when not an address or over 254 characters', () => {
    check(
      ForgotPasswordRequest,
      [{ email: longestEmail }],
      [{ email: `a${longestEmail}` }, { email: 'ana' }, { email: 'ana@' }, { email: '' }, {}],
    );
    check(
      ChangeEmailRequest,
      [{ new_email: longestEmail, password: 'x' }],
      [
        { new_email: `a${longestEmail}`, password: 'x' },
        { new_email: 'not an address', password: 'x' },
      ],
    );
    expect(ForgotPasswordRequest.safeParse({ email: 'ana@numero.test', extra: 1 }).success).toBe(false);
  });
});

describe('passwords', () => {
  it(`are ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters when chosen: registration, reset, change`, () => {
    check(
      RegisterRequest,
      [
        { email: 'ana@numero.test', password: shortest },
        { email: 'ana@numero.test', password: longest },
      ],
      [
        { email: 'ana@numero.test', password: tooShort },
        { email: 'ana@numero.test', password: tooLong },
        { email: 'ana@numero.test', password: shortest, role: 'ADMIN' },
      ],
    );
    check(
      ResetPasswordRequest,
      [
        { token: 't', password: shortest },
        { token: 'x'.repeat(128), password: longest },
      ],
      [
        { token: '', password: shortest },
        { token: 'x'.repeat(129), password: shortest },
        { token: 't', password: tooShort },
        { token: 't', password: tooLong },
        { token: 't', password: shortest, email: 'ana@numero.test' },
      ],
    );
    check(
      ChangePasswordRequest,
      [
        { current_password: 'x', new_password: shortest },
        { current_password: 'x'.repeat(1024), new_password: longest },
      ],
      [
        { current_password: '', new_password: shortest },
        { current_password: 'x'.repeat(1025), new_password: shortest },
        { current_password: 'x', new_password: tooShort },
        { current_password: 'x', new_password: tooLong },
      ],
    );
  });

  it('are any stored length when only checked (changing the address), but bounded', () => {
    check(
      ChangeEmailRequest,
      [{ new_email: 'ana@numero.test', password: 'x'.repeat(1024) }],
      [
        { new_email: 'ana@numero.test', password: '' },
        { new_email: 'ana@numero.test', password: 'x'.repeat(1025) },
      ],
    );
  });
});

describe('tokens and codes', () => {
  it('takes an e-mailed link token of 1 to 128 characters', () => {
    check(
      VerifyEmailRequest,
      [{ token: 't' }, { token: 'x'.repeat(128) }],
      [{ token: '' }, { token: 'x'.repeat(129) }, { token: 't', email: 'ana@numero.test' }],
    );
  });

  it('takes a second-factor code of 6 to 64 characters after trimming (6 digits or a recovery code)', () => {
    expect(TwoFactorCode.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    check(
      TwoFactorCode,
      [{ code: 'abcd-efgh-ijkl' }, { code: 'x'.repeat(64) }],
      [{ code: '12345' }, { code: '  12345  ' }, { code: 'x'.repeat(65) }, { code: 123456 }],
    );
  });

  it("bounds the identity provider's code and state", () => {
    check(
      CallbackBody,
      [
        { code: 'c', state: 's' },
        { code: 'x'.repeat(2048), state: 'x'.repeat(512) },
      ],
      [
        { code: '', state: 's' },
        { code: 'c', state: '' },
        { code: 'x'.repeat(2049), state: 's' },
        { code: 'c', state: 'x'.repeat(513) },
      ],
    );
  });
});
