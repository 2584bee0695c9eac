import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BoletoPayer,
  CardCvc,
  CardInput,
  CardNumber,
  CheckoutSessionBody,
  ConfirmIntentBody,
  CreateIntentBody,
  CurrencyParams,
  cardExpired,
  isValidTaxId,
  luhnValid,
  MAX_ADJUSTMENT_CENTS,
  methodTakesCurrency,
  topupAmountProblem,
  WalletAdjustmentBody,
  WebhookParams,
} from './wallet.ts';

function check(schema: z.ZodType, good: unknown[], bad: unknown[]) {
  for (const v of good) expect(schema.safeParse(v).success, `accepts ${JSON.stringify(v)}`).toBe(true);
  for (const v of bad) expect(schema.safeParse(v).success, `refuses ${JSON.stringify(v)}`).toBe(false);
}

describe('CPF and CNPJ check digits', () => {
  it('takes real-form CPFs and CNPJs, with or without punctuation', () => {
    for (const id of [
      '529.982.247-25',
      '52998224725',
      '111.444.777-35',
      '11.222.333/0001-81',
      '11222333000181',
    ])
      expect(isValidTaxId(id), id).toBe(true);
  });

  it('refuses a wrong check digit, a repeated digit, a wrong length or letters', () => {
    for (const id of [
      '529.982.247-24',
      '529.982.247-15',
      '11.222.333/0001-80',
      '111.111.111-11',
      '00000000000000',
      '5299822472',
      '529982247251',
      '52998224A25',
      '',
    ])
      expect(isValidTaxId(id), id).toBe(false);
  });

  it('is what a boleto payer needs, beside a name of 3 to 120 characters', () => {
    expect(BoletoPayer.safeParse({ name: 'Ana Souza', tax_id: '529.982.247-25' }).success).toBe(true);
    expect(BoletoPayer.safeParse({ name: 'Ana Souza', tax_id: '529.982.247-24' }).success).toBe(false);
    expect(BoletoPayer.safeParse({ name: 'An', tax_id: '529.982.247-25' }).success).toBe(false);
    expect(BoletoPayer.safeParse({ name: 'Ana', tax_id: '529.982.247-25', cpf: 'x' }).success).toBe(false);
  });
});

describe('top-up amounts against the store range', () => {
  const range = { min: 500, max: 500_000 };

  it('accepts integer cents within the range, bounds included', () => {
    for (const amount of [500, 1_234, 500_000]) expect(topupAmountProblem(amount, range)).toBeNull();
  });

  it('names what is wrong: fractions, below, above, and huge numbers by the limit', () => {
    expect(topupAmountProblem(10.5, range)).toBe('AMOUNT_NOT_CENTS');
    expect(topupAmountProblem(Number.NaN, range)).toBe('AMOUNT_NOT_CENTS');
    expect(topupAmountProblem(499, range)).toBe('AMOUNT_TOO_LOW');
    expect(topupAmountProblem(-1_000, range)).toBe('AMOUNT_TOO_LOW');
    expect(topupAmountProblem(500_001, range)).toBe('AMOUNT_TOO_HIGH');
    expect(topupAmountProblem(1e300, range)).toBe('AMOUNT_TOO_HIGH');
    expect(topupAmountProblem(Number.POSITIVE_INFINITY, range)).toBe('AMOUNT_NOT_CENTS');
  });

  it('takes PIX and boleto in reais only, cards in either currency', () => {
    expect(methodTakesCurrency('pix', 'BRL')).toBe(true);
    expect(methodTakesCurrency('pix', 'USD')).toBe(false);
    expect(methodTakesCurrency('boleto', 'USD')).toBe(false);
    expect(methodTakesCurrency('card', 'USD')).toBe(true);
    expect(
      CreateIntentBody.safeParse({ amount: 1000, currency: 'BRL', method: 'pix', extra: 1 }).success,
    ).toBe(false);
  });
});

describe('card numbers', () => {
  it('passes the Luhn check for real test cards and fails any single mistyped digit', () => {
    for (const card of ['4242424242424242', '4111111111111111', '5555555555554444', '378282246310005']) {
      expect(luhnValid(card), card).toBe(true);
      for (let i = 0; i < card.length; i++) {
        const digit = Number(card[i]);
        const typo = `${card.slice(0, i)}${(digit + 1) % 10}${card.slice(i + 1)}`;
        expect(luhnValid(typo), typo).toBe(false);
      }
    }
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
  });

  it('reads a number as a card form does: spaces and dashes dropped, 12 to 19 digits', () => {
    expect(CardNumber.parse('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(CardNumber.safeParse('4242424242424241').success).toBe(false);
    expect(CardNumber.safeParse('42424242424').success).toBe(false);
    expect(CardNumber.safeParse('4242-abcd-4242-4242').success).toBe(false);
  });

  it('is good through the last day of its expiry month, two-digit years in this century', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(cardExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(cardExpired({ month: 11, year: 26 }, now)).toBe(false);
    expect(cardExpired({ month: 11, year: 2026 }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(cardExpired({ month: 10, year: 26 }, now)).toBe(true);
  });
});

describe('what a card form sends', () => {
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder_name: 'Ana' };

  it('takes a security code of 3 or 4 digits', () => {
    check(CardCvc, ['123', '1234', '000'], ['12', '12345', '12a', ' 123', '']);
  });

  it('bounds every field of a raw card, months 1 to 12, and refuses unknown fields', () => {
    check(
      CardInput,
      [card, { ...card, exp_month: 1 }, { ...card, exp_year: 0 }, { ...card, exp_year: 9999, cvc: '1234' }],
      [
        { ...card, exp_month: 0 },
        { ...card, exp_month: 13 },
        { ...card, exp_month: 1.5 },
        { ...card, exp_year: -1 },
        { ...card, exp_year: 10_000 },
        { ...card, cvc: '12' },
        { ...card, cvc: '12345' },
        { ...card, number: '' },
        { ...card, number: '4'.repeat(41) },
        { ...card, holder_name: '   ' },
        { ...card, holder_name: 'x'.repeat(121) },
        { ...card, pin: '1234' },
      ],
    );
  });

  it("confirms with a raw card (sandbox), a provider's token or a brand, each bounded", () => {
    check(
      ConfirmIntentBody,
      [{}, { card }, { token: 'pm_card_visa' }, { token: 'x'.repeat(255), brand: 'visa' }],
      [{ token: '' }, { token: 'x'.repeat(256) }, { brand: 'x'.repeat(41) }, { card, cvv: '123' }],
    );
  });
});

describe('top-up requests', () => {
  it('takes the currency in the path in any case, BRL or USD only', () => {
    expect(CurrencyParams.parse({ currency: 'brl' })).toEqual({ currency: 'BRL' });
    expect(CurrencyParams.safeParse({ currency: 'eur' }).success).toBe(false);
  });

  it('takes a checkout amount and currency, nothing more (the amount is checked by topupAmountProblem)', () => {
    check(
      CheckoutSessionBody,
      [{ amount: 1000, currency: 'USD' }],
      [
        { amount: '1000', currency: 'USD' },
        { amount: 1000, currency: 'USD', method: 'card' },
      ],
    );
  });

  it("names a payment provider's webhook by at most 40 characters", () => {
    check(
      WebhookParams,
      [{ provider: 'mercadopago' }, { provider: 'x'.repeat(40) }],
      [{ provider: 'x'.repeat(41) }],
    );
  });
});

describe('staff wallet adjustments', () => {
  const adjust = (amount: unknown, reason: unknown = 'refund by support') =>
    WalletAdjustmentBody.safeParse({ currency: 'BRL', amount, reason }).success;

  it(`move whole cents, up to ${MAX_ADJUSTMENT_CENTS} either way, never zero`, () => {
    for (const amount of [1, -1, MAX_ADJUSTMENT_CENTS, -MAX_ADJUSTMENT_CENTS])
      expect(adjust(amount), `${amount}`).toBe(true);
    for (const amount of [0, 0.5, MAX_ADJUSTMENT_CENTS + 1, -MAX_ADJUSTMENT_CENTS - 1, '100', Number.NaN])
      expect(adjust(amount), `${amount}`).toBe(false);
    expect(
      WalletAdjustmentBody.safeParse({ currency: 'BRL', amount: 0, reason: 'typo' }).error?.issues[0]
        ?.message,
    ).toBe('must not be zero');
  });

  it('say why in 3 to 500 characters after trimming, and carry nothing else', () => {
    expect(adjust(100, 'abc')).toBe(true);
    expect(adjust(100, 'x'.repeat(500))).toBe(true);
    expect(adjust(100, '  ab  ')).toBe(false);
    expect(adjust(100, 'x'.repeat(501))).toBe(false);
    expect(
      WalletAdjustmentBody.safeParse({ currency: 'BRL', amount: 100, reason: 'abc', user_id: 'x' }).success,
    ).toBe(false);
  });
});
