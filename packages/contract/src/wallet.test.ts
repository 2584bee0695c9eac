import { describe, expect, it } from 'vitest';
import {
  BoletoPayer,
  CardNumber,
  CreateIntentBody,
  cardExpired,
  isValidTaxId,
  luhnValid,
  methodTakesCurrency,
  topupAmountProblem,
} from './wallet.ts';

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
