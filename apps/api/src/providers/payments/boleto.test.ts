import { describe, expect, it } from 'vitest';
import {
  barcodeToDigitableLine,
  digitableLineToBarcode,
  dueDateFactor,
  dueDateFromFactor,
  formatDigitableLine,
  generateBoleto,
  mod10,
  mod11,
  validateDigitableLine,
} from './boleto.ts';

// A published Bradesco boleto: R$ 260,00, factor 8441.
const BRADESCO_LINE = '23793.38128 60007.827136 95000.063305 9 84410000026000';
const BRADESCO_BARCODE = '23799844100000260003381260007827139500006330';

describe('check digits', () => {
  it('mod 10 matches the hand-computed field digits of the Bradesco line', () => {
    // 2 3 7 9 3 3 8 1 2 weighted 2,1,2,… from the right: 4+1+7+3+6+9+5+3+4 = 42 -> 8
    expect(mod10('237933812')).toBe(8);
    expect(mod10('6000782713')).toBe(6);
    expect(mod10('9500006330')).toBe(5);
  });

  it('mod 10 gives 0 when the sum is already a multiple of ten', () => {
    expect(mod10('0000')).toBe(0);
    expect(mod10('19')).toBe(0); // 9*2 = 18 -> 1+8 = 9, plus 1*1 -> 10
    expect(mod10('91')).toBe(9); // 1*2 = 2, plus 9*1 -> 11
  });

  it('mod 11 gives the Bradesco general digit and maps 0/10/11 to 1', () => {
    expect(mod11(BRADESCO_BARCODE.slice(0, 4) + BRADESCO_BARCODE.slice(5))).toBe(9);
    expect(mod11('0')).toBe(1); // sum 0 -> 11 -> 1
    expect(mod11('5')).toBe(1); // 5*2 = 10 -> 11-10 = 1
    expect(mod11('1')).toBe(9); // 1*2 = 2 -> 11-2 = 9
  });
});

describe('digitable line <-> barcode', () => {
  it('converts the Bradesco barcode into its published line and back', () => {
    expect(formatDigitableLine(barcodeToDigitableLine(BRADESCO_BARCODE))).toBe(BRADESCO_LINE);
    expect(digitableLineToBarcode(BRADESCO_LINE)).toBe(BRADESCO_BARCODE);
  });

  it('validates the Bradesco line and reads bank, factor and amount', () => {
    expect(validateDigitableLine(BRADESCO_LINE)).toEqual({
      valid: true,
      barcode: BRADESCO_BARCODE,
      bankCode: '237',
      dueFactor: 8441,
      amount: 26000,
    });
  });

  it('rejects a change in any field', () => {
    const digits = BRADESCO_LINE.replace(/[\s.]/g, '');
    const flip = (index: number) =>
      digits.slice(0, index) + String((Number(digits.charAt(index)) + 1) % 10) + digits.slice(index + 1);
    expect(validateDigitableLine(flip(2))).toEqual({ valid: false, reason: 'field 1 check digit is wrong' });
    expect(validateDigitableLine(flip(12))).toEqual({ valid: false, reason: 'field 2 check digit is wrong' });
    expect(validateDigitableLine(flip(25))).toEqual({ valid: false, reason: 'field 3 check digit is wrong' });
    // The amount is only protected by the general digit.
    expect(validateDigitableLine(flip(46))).toEqual({ valid: false, reason: 'general check digit is wrong' });
    expect(validateDigitableLine(digits.slice(1))).toMatchObject({ valid: false });
  });
});

describe('due date factor', () => {
  it('follows FEBRABAN dates, including the 2025 restart at 1000', () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(() => dueDateFactor('1999-01-01')).toThrow(RangeError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(RangeError);
  });

  it('maps a factor back to the nearest matching date', () => {
    expect(dueDateFromFactor(1001, new Date('2025-03-01T00:00:00Z'))).toBe('2025-02-23');
    expect(dueDateFromFactor(9999, new Date('2025-03-01T00:00:00Z'))).toBe('2025-02-21');
    expect(dueDateFromFactor(8441, new Date('2020-01-01T00:00:00Z'))).toBe('2020-11-16');
  });
});

describe('generateBoleto', () => {
  it('produces a 47-digit line whose check digits all validate', () => {
    for (const amount of [1, 5000, 123456, 9_999_999_999]) {
      const boleto = generateBoleto({ amount, dueDate: '2026-03-10' });
      expect(boleto.digitableLine).toMatch(/^\d{47}$/);
      expect(boleto.barcode).toMatch(/^0019\d{40}$/);
      expect(validateDigitableLine(boleto.digitableLine)).toEqual({
        valid: true,
        barcode: boleto.barcode,
        bankCode: '001',
        dueFactor: dueDateFactor('2026-03-10'),
        amount,
      });
    }
  });

  it('uses the given bank code and free field', () => {
    const boleto = generateBoleto({
      bankCode: '237',
      amount: 26000,
      dueDate: dueDateFromFactor(8441, new Date('2020-01-01T00:00:00Z')),
      freeField: BRADESCO_BARCODE.slice(19),
    });
    expect(boleto.barcode).toBe(BRADESCO_BARCODE);
    expect(formatDigitableLine(boleto.digitableLine)).toBe(BRADESCO_LINE);
  });

  it('refuses amounts and inputs a boleto cannot carry', () => {
    expect(() => generateBoleto({ amount: 0, dueDate: '2026-03-10' })).toThrow(RangeError);
    expect(() => generateBoleto({ amount: 10_000_000_000, dueDate: '2026-03-10' })).toThrow(RangeError);
    expect(() => generateBoleto({ amount: 1.5, dueDate: '2026-03-10' })).toThrow(RangeError);
    expect(() => generateBoleto({ bankCode: '1', amount: 1, dueDate: '2026-03-10' })).toThrow(RangeError);
    expect(() => generateBoleto({ amount: 1, dueDate: '2026-03-10', freeField: '123' })).toThrow(RangeError);
  });
});
