import { CreateIntentBody, topupAmountProblem } from '@numero/contract/wallet';
import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';
import {
  formatCardNumber,
  methodsFor,
  parseAmountInput,
  parseExpiry,
  type TopupContext,
  type TopupFields,
  topupResolver,
} from './topup-form.ts';

describe('parseAmountInput', () => {
  it.each([
    ['50', 'pt', 5000],
    ['50,5', 'pt', 5050],
    ['50,50', 'pt', 5050],
    ['R$ 1.234,56', 'pt', 123_456],
    ['1.000', 'pt', 100_000],
    ['50.50', 'pt', 5050],
    ['1,234.56', 'en', 123_456],
    ['$20', 'en', 2000],
    ['20.5', 'en', 2050],
    ['1,000', 'en', 100_000],
  ])('%s (%s) → %d cents', (text, lang, cents) => {
    expect(parseAmountInput(text, lang)).toBe(cents);
  });

  it.each(['', 'abc', '0', '0,00', '-5', '5,555', '1e3', '12,3,4'])('refuses %j', (text) => {
    expect(parseAmountInput(text, 'pt')).toBeNull();
  });
});

describe('card and method helpers', () => {
  it('offers PIX and boleto only in reais', () => {
    expect(methodsFor('BRL')).toEqual(['pix', 'card', 'boleto']);
    expect(methodsFor('USD')).toEqual(['card']);
  });

  it('reads expiry dates and formats numbers and countdowns', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry('0131')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(formatCardNumber('4242-4242 4242abc4242')).toBe('4242 4242 4242 4242');
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3 * 86_400)).toBe('72:00:00');
  });
});

describe('top-up form, checked by the rules of create-intent', () => {
  const limits = { BRL: { min: 2_000, max: 200_000 }, USD: { min: 500, max: 150_000 } };
  const context = { lang: 'pt', limits };
  const options = { fields: {}, shouldUseNativeValidation: false };
  const fields: TopupFields = {
    currency: 'BRL',
    method: 'pix',
    preset: 5_000,
    custom: '',
    payerName: '',
    payerTaxId: '',
  };
  const refused = async (values: TopupFields, ctx: TopupContext = context) => {
    const { errors } = await topupResolver(values, ctx, options);
    return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
  };

  it('sends the typed amount, in either language, over the preset', async () => {
    const pt = await topupResolver({ ...fields, custom: '1.234,56' }, context, options);
    expect(pt.values).toEqual({ amount: 123_456, currency: 'BRL', method: 'pix', payer: undefined });
    const en = await topupResolver(
      { ...fields, currency: 'USD', method: 'card', custom: '$1,234.5' },
      { ...context, lang: 'en' },
      options,
    );
    expect(en.values).toMatchObject({ amount: 123_450, currency: 'USD', method: 'card' });
    expect((await topupResolver(fields, context, options)).values).toMatchObject({ amount: 5_000 });
  });

  it("names the store's limit an amount breaks, as the server does with topup_limits", async () => {
    for (const [amount, problem, code] of [
      [1_999, 'topup.belowMinimum', 'AMOUNT_TOO_LOW'],
      [200_001, 'topup.aboveMaximum', 'AMOUNT_TOO_HIGH'],
    ] as const) {
      expect(topupAmountProblem(amount, limits.BRL)).toBe(code);
      expect(await refused({ ...fields, preset: amount })).toEqual({ custom: problem });
    }
    expect(await refused({ ...fields, custom: '19,99' })).toEqual({ custom: 'topup.belowMinimum' });
    expect(await refused({ ...fields, custom: '20' })).toEqual({});
    expect(await refused({ ...fields, currency: 'USD', method: 'card', custom: '5' })).toEqual({});
    // Unreadable amounts, and any amount before the store's limits are known only needs to be one.
    expect(await refused({ ...fields, custom: '5,555' })).toEqual({ custom: 'topup.invalidAmount' });
    expect(await refused({ ...fields, custom: '1' }, { lang: 'pt', limits: undefined })).toEqual({});
  });

  it('takes PIX and boleto in reais only', async () => {
    expect(await refused({ ...fields, currency: 'USD', method: 'pix', preset: 1_000 })).toEqual({
      method: 'topup.brlOnly',
    });
  });

  it("asks a boleto's payer for a full name and a CPF or CNPJ with right check digits", async () => {
    const boleto = { ...fields, method: 'boleto' as const };
    expect(await refused({ ...boleto, payerName: 'Ana Souza', payerTaxId: '529.982.247-24' })).toEqual({
      payerTaxId: 'topup.invalidPayer',
    });
    expect(await refused({ ...boleto, payerName: 'Al', payerTaxId: '111.111.111-11' })).toEqual({
      payerName: 'topup.invalidPayer',
      payerTaxId: 'topup.invalidPayer',
    });
    const ok = await topupResolver(
      { ...boleto, payerName: ' Ana Souza ', payerTaxId: ' 529.982.247-25 ' },
      context,
      options,
    );
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({
      amount: 5_000,
      currency: 'BRL',
      method: 'boleto',
      payer: { name: 'Ana Souza', tax_id: '529.982.247-25' },
    });
    expect(CreateIntentBody.safeParse(ok.values).success).toBe(true);
    expect(
      CreateIntentBody.safeParse({ ...ok.values, payer: { name: 'Ana', tax_id: '52998224724' } }).success,
    ).toBe(false);
  });
});
