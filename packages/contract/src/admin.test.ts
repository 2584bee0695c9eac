import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ADMIN_USERS_MAX_LIMIT,
  AdminUserCreate,
  AdminUsersQuery,
  AdminUserUpdate,
  AuditQuery,
  SecretValue,
  SettingsUpdate,
  StoreSettings,
  UserEmail,
  UserFullName,
  UserPhoneNumber,
} from './admin.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe("staff lists' filters", () => {
  it('read an empty filter as no filter, and bound search, skip and limit', () => {
    expect(AdminUsersQuery.parse({ search: '', role: '', status: '' })).toEqual({ skip: 0, limit: 20 });
    expect(AdminUsersQuery.parse({ search: ' ana ', role: 'ADMIN', limit: '100' })).toMatchObject({
      search: 'ana',
      role: 'ADMIN',
      limit: ADMIN_USERS_MAX_LIMIT,
    });
    check(
      AdminUsersQuery,
      [{ search: 'x'.repeat(100) }, { skip: '1000000' }, { limit: '1' }, { status: 'inactive' }],
      [
        { search: 'x'.repeat(101) },
        { role: 'ROOT' },
        { status: 'deleted' },
        { skip: '-1' },
        { skip: '1000001' },
        { limit: '0' },
        { limit: String(ADMIN_USERS_MAX_LIMIT + 1) },
      ],
    );
  });

  it('take an audit action in capitals and underscores, up to 40 characters', () => {
    expect(AuditQuery.parse({ action: '' })).toEqual({ skip: 0, limit: 20 });
    expect(AuditQuery.parse({ action: ' USER_CREATED ' }).action).toBe('USER_CREATED');
    check(
      AuditQuery,
      [{ action: 'X'.repeat(40) }, { limit: '100' }],
      [{ action: 'user_created' }, { action: 'USER-CREATED' }, { action: 'X'.repeat(41) }, { limit: '101' }],
    );
  });
});

describe("a user's typed fields", () => {
  it('keep a name to 120 characters and a phone to 32 of digits, spaces, brackets, dashes and a leading +', () => {
    check(UserFullName, ['', 'Ana Souza', 'x'.repeat(120), `  ${'x'.repeat(120)}  `], ['x'.repeat(121)]);
    check(
      UserPhoneNumber,
      ['', '+55 (11) 98765-4321', '1'.repeat(32)],
      ['1'.repeat(33), '55+11', '++55', '11 9876 ext. 2', '+55.11.98765'],
    );
  });

  it('take an address trimmed and lowercased, up to 254 characters', () => {
    expect(UserEmail.parse(' Ana@Numero.TEST ')).toBe('ana@numero.test');
    check(
      UserEmail,
      [`${'a'.repeat(64)}@${'b'.repeat(186)}.br`],
      [`${'a'.repeat(64)}@${'b'.repeat(187)}.br`, 'ana'],
    );
  });

  it('are the only fields an admin may change, each with its rule', () => {
    check(
      AdminUserUpdate,
      [{}, { is_active: false }, { full_name: null, phone_number: null }, { preferred_currency: 'EUR' }],
      [
        { role: 'ADMIN' },
        { password: 'x'.repeat(12) },
        { phone_number: 'abc' },
        { preferred_language: 'fr' },
      ],
    );
  });

  it('make an account from an address, with defaults, a password of policy length or none', () => {
    expect(AdminUserCreate.parse({ email: 'Bob@Numero.test' })).toEqual({
      email: 'bob@numero.test',
      role: 'CUSTOMER',
      preferred_language: 'pt-BR',
      preferred_currency: 'BRL',
      is_active: true,
    });
    check(
      AdminUserCreate,
      [
        { email: 'bob@numero.test', password: 'x'.repeat(8) },
        { email: 'bob@numero.test', profile: { full_name: 'Bob', phone_number: '+1 555' } },
      ],
      [
        {},
        { email: 'bob@numero.test', password: 'x'.repeat(7) },
        { email: 'bob@numero.test', password: 'x'.repeat(129) },
        { email: 'bob@numero.test', role: 'ROOT' },
        { email: 'bob@numero.test', profile: { avatar: 'x' } },
        { email: 'bob@numero.test', password_hash: 'x' },
      ],
    );
  });
});

describe('store settings', () => {
  const settings = {
    activation_window_minutes: 20,
    early_cancel_minutes: 2,
    purchase_limit_per_minute: 10,
    topup_limits: { BRL: { min: 500, max: 500_000 }, USD: { min: 100, max: 100_000 } },
    registrations_per_hour: 20,
    sandbox: { payments: true, numbers: true },
    sms_providers: { order: ['simulator', 'sms-activate'], disabled: [] },
  };
  const withValue = (patch: object) => ({ ...settings, ...patch });
  const withTopup = (BRL: object) => withValue({ topup_limits: { ...settings.topup_limits, BRL } });

  it('keep every number within the bounds that keep the store working, bounds included', () => {
    check(
      StoreSettings,
      [
        settings,
        withValue({ activation_window_minutes: 5, early_cancel_minutes: 0 }),
        withValue({ activation_window_minutes: 60, early_cancel_minutes: 20 }),
        withValue({ purchase_limit_per_minute: 1, registrations_per_hour: 1 }),
        withValue({ purchase_limit_per_minute: 1000, registrations_per_hour: 100_000 }),
      ],
      [
        withValue({ activation_window_minutes: 4 }),
        withValue({ activation_window_minutes: 61 }),
        withValue({ activation_window_minutes: 20.5 }),
        withValue({ early_cancel_minutes: -1 }),
        withValue({ early_cancel_minutes: 21 }),
        withValue({ purchase_limit_per_minute: 0 }),
        withValue({ purchase_limit_per_minute: 1001 }),
        withValue({ registrations_per_hour: 0 }),
        withValue({ registrations_per_hour: 100_001 }),
        withValue({ sandbox: { payments: true } }),
        withValue({ maintenance: true }),
      ],
    );
  });

  it('keep a top-up range of at least 1.00, at most 1,000,000.00, its minimum not above its maximum', () => {
    check(
      StoreSettings,
      [withTopup({ min: 100, max: 100 }), withTopup({ min: 100, max: 100_000_000 })],
      [
        withTopup({ min: 99, max: 500_000 }),
        withTopup({ min: 500, max: 100_000_001 }),
        withTopup({ min: 500.5, max: 500_000 }),
        withTopup({ min: 600, max: 500 }),
        withTopup({ min: 500, max: 500_000, step: 1 }),
      ],
    );
    const inverted = StoreSettings.safeParse(withTopup({ min: 600, max: 500 }));
    expect(inverted.error?.issues[0]).toMatchObject({
      message: 'min must not exceed max',
      path: ['topup_limits', 'BRL', 'min'],
    });
  });

  it('name number providers in lower case, digits and dashes, at most 20 of them', () => {
    const providers = (order: string[], disabled: string[] = []) =>
      withValue({ sms_providers: { order, disabled } });
    check(
      StoreSettings,
      [providers([]), providers(['5sim', 'x'.repeat(40)], ['5sim']), providers(Array(20).fill('p'))],
      [
        providers(['SMS-Activate']),
        providers(['sms activate']),
        providers(['x'.repeat(41)]),
        providers(['']),
        providers(Array(21).fill('p')),
        providers([], Array(21).fill('p')),
      ],
    );
  });

  it('are changed by any subset of the values, never the provider order there, and secrets set or removed', () => {
    check(
      SettingsUpdate,
      [
        {},
        { values: { early_cancel_minutes: 0 } },
        { values: { topup_limits: settings.topup_limits } },
        { secrets: { stripe_secret_key: 'sk_test_0123456789', mercadopago_webhook_secret: null } },
      ],
      [
        { values: { early_cancel_minutes: 21 } },
        { values: { sms_providers: settings.sms_providers } },
        { values: { topup_limits: { BRL: { min: 600, max: 500 }, USD: settings.topup_limits.USD } } },
        { secrets: { github_token: 'ghp_0123456789' } },
        { secrets: { stripe_secret_key: 'short' } },
      ],
    );
  });

  it('take a secret of 8 to 500 printable characters without spaces, trimmed', () => {
    expect(SecretValue.parse('  sk_test_0123  ')).toBe('sk_test_0123');
    check(
      SecretValue,
      ['x'.repeat(8), 'x'.repeat(500), '!~#$%&*+'],
      ['x'.repeat(7), 'x'.repeat(501), 'sk_test 0123', 'sk_test_\u00e9t\u00e9', 'sk_test_\t0123'],
    );
  });
});
