import { describe, expect, it } from 'vitest';
import { ApiKeyName, ProfileUpdate, WebhookUrl } from './account.ts';
import { confirmsAccount, DeleteAccountRequest } from './account-privacy.ts';
import { LoginForm, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RegisterBody } from './auth.ts';
import { Cents, isStaffRole, Pagination, SearchText } from './common.ts';

describe('money and lists', () => {
  it('keeps money in integer cents, never a float or an unsafe integer', () => {
    expect(Cents.safeParse(1050).success).toBe(true);
    expect(Cents.safeParse(-1050).success).toBe(true);
    expect(Cents.safeParse(10.5).success).toBe(false);
    expect(Cents.safeParse(2 ** 53).success).toBe(false);
    expect(Cents.safeParse('1050').success).toBe(false);
  });

  it('pages from the query string with defaults and bounds', () => {
    expect(Pagination.parse({})).toEqual({ skip: 0, limit: 20 });
    expect(Pagination.parse({ skip: '40', limit: '100' })).toEqual({ skip: 40, limit: 100 });
    for (const bad of [{ limit: '0' }, { limit: '101' }, { skip: '-1' }, { skip: '1.5' }])
      expect(Pagination.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('trims search text, drops a blank one and refuses one over 100 characters', () => {
    expect(SearchText.parse('  whats ')).toBe('whats');
    expect(SearchText.parse('   ')).toBeUndefined();
    expect(SearchText.safeParse('x'.repeat(101)).success).toBe(false);
  });

  it('names ADMIN and MANAGER as staff, no one else', () => {
    expect(
      ['CUSTOMER', 'USER', 'PREMIUM', 'MANAGER', 'ADMIN'].filter((r) => isStaffRole(r as never)),
    ).toEqual(['MANAGER', 'ADMIN']);
  });
});

describe('accounts', () => {
  const register = (password: string) =>
    RegisterBody.safeParse({ email: 'ana@numero.test', password }).success;

  it(`takes passwords of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters at registration`, () => {
    expect(register('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(false);
    expect(register('x'.repeat(PASSWORD_MIN_LENGTH))).toBe(true);
    expect(register('x'.repeat(PASSWORD_MAX_LENGTH))).toBe(true);
    expect(register('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(false);
    expect(RegisterBody.parse({ email: 'ana@numero.test', password: 'long enough' })).toMatchObject({
      preferred_language: 'pt-BR',
      preferred_currency: 'BRL',
    });
    expect(RegisterBody.safeParse({ email: 'not-an-email', password: 'long enough' }).success).toBe(false);
  });

  it('signs in with any stored password length but a bounded one', () => {
    expect(LoginForm.safeParse({ username: ' ana@numero.test ', password: 'x' }).success).toBe(true);
    expect(LoginForm.safeParse({ username: 'ana@numero.test', password: 'x'.repeat(1025) }).success).toBe(
      false,
    );
  });

  it('takes a phone of digits, spaces, brackets and dashes, and unknown fields never', () => {
    expect(ProfileUpdate.safeParse({ phone_number: '+55 (11) 98765-4321' }).success).toBe(true);
    expect(ProfileUpdate.safeParse({ phone_number: '11 9876 ext. 2' }).success).toBe(false);
    expect(ProfileUpdate.safeParse({ role: 'ADMIN' }).success).toBe(false);
  });

  it('confirms a deletion by the account address typed again, in any case', () => {
    const body = DeleteAccountRequest.parse({ confirm_email: ' Ana@Numero.TEST ' });
    expect(confirmsAccount(body, 'ana@numero.test')).toBe(true);
    expect(confirmsAccount(body, 'bob@numero.test')).toBe(false);
  });
});

describe('API keys and webhooks', () => {
  it('names a key with 1 to 60 characters after trimming', () => {
    expect(ApiKeyName.parse('  bot  ')).toBe('bot');
    expect(ApiKeyName.safeParse('   ').success).toBe(false);
    expect(ApiKeyName.safeParse('x'.repeat(61)).success).toBe(false);
  });

  it('takes http(s) webhook addresses only, up to 500 characters', () => {
    expect(WebhookUrl.safeParse('https://bot.example/hook').success).toBe(true);
    expect(WebhookUrl.safeParse('http://bot.example/hook').success).toBe(true);
    for (const bad of [
      'ftp://bot.example/hook',
      'javascript:alert(1)',
      'bot.example',
      `https://a.example/${'x'.repeat(500)}`,
    ])
      expect(WebhookUrl.safeParse(bad).success, bad).toBe(false);
  });
});
