import { describe, expect, it } from 'vitest';
import { adjustResolver, parseSignedAmount } from './adjust-form.ts';
import { toCsv } from './csv.ts';

describe('adjust-balance amount', () => {
  it('reads credits and debits typed either way, in cents', () => {
    expect(parseSignedAmount('10')).toBe(1_000);
    expect(parseSignedAmount('-5,50')).toBe(-550);
    expect(parseSignedAmount('+2.5')).toBe(250);
    expect(parseSignedAmount('R$ -1,99')).toBe(-199);
    expect(parseSignedAmount('-R$1,99')).toBe(-199);
  });

  it('refuses zero, nonsense and more than the limit', () => {
    for (const text of ['0', '0,00', '', 'abc', '1.000,00', '10000,01'])
      expect(parseSignedAmount(text), text).toBeNull();
    expect(parseSignedAmount('10000')).toBe(1_000_000);
  });
});

describe('report CSV', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', '=SUM(A1)'],
          [1.5, 'say "hi"'],
        ],
      ),
    ).toBe('a,b\r\n"x,y",\'=SUM(A1)\r\n1.5,"say ""hi"""');
  });
});

describe('adjust-balance form, checked by the contract', () => {
  const options = { fields: {}, shouldUseNativeValidation: false };

  it('sends signed cents and the trimmed reason', async () => {
    const result = await adjustResolver(
      { currency: 'USD', amount: '-5,50', reason: '  Estorno manual ' },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ currency: 'USD', amount: -550, reason: 'Estorno manual' });
  });

  it('names an unreadable amount and a short reason by their messages', async () => {
    const result = await adjustResolver({ currency: 'BRL', amount: '0', reason: ' ab ' }, undefined, options);
    expect(result.errors.amount?.message).toBe('adjust.errors.amount');
    expect(result.errors.reason?.message).toBe('adjust.errors.reason');
  });
});
