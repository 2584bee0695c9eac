import { AdminUserCreate } from '@numero/contract/admin';
import { describe, expect, it } from 'vitest';
import {
  emptyUserForm,
  toCreatePayload,
  toUpdatePayload,
  type UserFormValues,
  userFormFrom,
  userFormResolver,
} from './user-form.ts';
import type { DisplayUser } from './user-mapping.ts';

const ana: DisplayUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ana Souza',
  email: 'ana@numero.test',
  roles: ['PREMIUM'],
  created_at: '2025-03-01T12:00:00.000Z',
  last_login: null,
  is_active: true,
  phone: null,
  country: 'BR',
  wallet_balance_cents: 0,
  full_name: 'Ana Souza',
  preferred_currency: 'BRL',
};

describe('admin user form (spec §5)', () => {
  it('starts as an active USER', () => {
    expect(emptyUserForm()).toMatchObject({ role: 'USER', active: true, name: '', email: '' });
  });

  const options = { fields: {}, shouldUseNativeValidation: false };
  /** The message key of each field the form refuses, as the dialog shows them. */
  const refused = async (values: UserFormValues) => {
    const { errors } = await userFormResolver(values, undefined, options);
    return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
  };

  it('requires a name and a valid email; the phone is optional but must look like one', async () => {
    expect(await refused(emptyUserForm())).toEqual({
      name: 'form.errors.nameRequired',
      email: 'form.errors.emailRequired',
    });
    expect(await refused({ ...emptyUserForm(), name: '   ', email: '  ' })).toEqual({
      name: 'form.errors.nameRequired',
      email: 'form.errors.emailRequired',
    });
    expect(await refused({ ...emptyUserForm(), name: 'A', email: 'no-at-sign' })).toEqual({
      email: 'form.errors.emailInvalid',
    });
    expect(await refused({ ...emptyUserForm(), name: 'A', email: 'a@b.co', phone: 'call me' })).toEqual({
      phone: 'form.errors.phoneInvalid',
    });
    expect(
      await refused({ ...emptyUserForm(), name: 'A', email: 'a@b.co', phone: '+55 (11) 91234-5678' }),
    ).toEqual({});
    expect(await refused({ ...emptyUserForm(), name: 'x'.repeat(121), email: 'a@b.co' })).toEqual({
      name: 'form.errors.nameTooLong',
    });
    expect(
      await refused({ ...emptyUserForm(), name: 'A', email: 'a@b.co', country: 'x'.repeat(57) }),
    ).toEqual({ country: 'form.errors.countryTooLong' });
  });

  it('refuses what the API refuses, by the same contract rules', async () => {
    const create = (v: UserFormValues) => AdminUserCreate.safeParse(toCreatePayload(v)).success;
    const cases: UserFormValues[] = [
      { ...emptyUserForm(), name: 'A', email: 'a@b' },
      { ...emptyUserForm(), name: 'A', email: 'a b@numero.test' },
      { ...emptyUserForm(), name: 'A', email: `${'x'.repeat(250)}@b.co` },
      { ...emptyUserForm(), name: 'A', email: 'a@b.co', phone: '9'.repeat(33) },
      { ...emptyUserForm(), name: 'A', email: 'a@b.co', phone: '11 9x' },
    ];
    for (const values of cases) {
      expect(create(values), JSON.stringify(values)).toBe(false);
      expect(Object.keys(await refused(values)), JSON.stringify(values)).not.toHaveLength(0);
    }
    const fine = {
      ...emptyUserForm(),
      name: ' Ana ',
      email: ' Ana@Numero.test ',
      phone: ' +1 (555) 010-0000 ',
    };
    expect(create(fine)).toBe(true);
    const { values } = await userFormResolver(fine, undefined, options);
    expect(values).toMatchObject({ name: 'Ana', email: 'ana@numero.test', phone: '+1 (555) 010-0000' });
  });

  it('creates with one role, pt-BR, the currency of the country, and no password', () => {
    const body = toCreatePayload({
      name: ' Nova Pessoa ',
      email: ' nova@numero.test ',
      phone: '',
      country: 'US',
      role: 'PREMIUM',
      active: true,
    });
    expect(body).toEqual({
      email: 'nova@numero.test',
      role: 'PREMIUM',
      preferred_language: 'pt-BR',
      preferred_currency: 'USD',
      is_active: true,
      profile: { full_name: 'Nova Pessoa', phone_number: null },
    });
    expect('password' in body).toBe(false);
  });

  it('edits send only what changed, for that user; the role goes through its own call', () => {
    const form = userFormFrom(ana);
    expect(toUpdatePayload(form, ana)).toEqual({});
    expect(toUpdatePayload({ ...form, role: 'ADMIN' }, ana)).toEqual({});
    expect(
      toUpdatePayload(
        { ...form, name: 'Ana S. Lima', phone: '+55 21 90000-0000', country: 'US', active: false },
        ana,
      ),
    ).toEqual({
      full_name: 'Ana S. Lima',
      phone_number: '+55 21 90000-0000',
      preferred_currency: 'USD',
      is_active: false,
    });
    expect(toUpdatePayload({ ...form, email: 'ANA.NOVA@numero.test' }, ana)).toEqual({
      email: 'ana.nova@numero.test',
    });
  });
});
