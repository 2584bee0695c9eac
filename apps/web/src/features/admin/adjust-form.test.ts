import { describe, expect, it } from 'vitest';
import { parseSignedAmount } from './adjust-form.ts';
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
