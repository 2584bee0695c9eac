import { randomInt } from 'node:crypto';

/**
 * Bank boleto (FEBRABAN layout). The 44-digit barcode is
 *   bank(3) currency(1, 9 = real) DV(1) due-factor(4) amount(10, cents) free field(25)
 * and the 47-digit "linha digitável" people type rearranges it into five fields:
 *   bank+currency+free[0,5) DV1 | free[5,15) DV2 | free[15,25) DV3 | DV | factor+amount
 * with mod-10 check digits on the first three fields and the barcode's mod-11 DV in the fourth.
 */

const DAY_MS = 86_400_000;
const FACTOR_EPOCH = Date.UTC(1997, 9, 7);
export const MAX_BOLETO_AMOUNT = 9_999_999_999;

/** Mod 10 (weights 2,1,2,… from the right; two-digit products add their digits). */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let product = Number(digits.charAt(i)) * weight;
    if (product > 9) product -= 9;
    sum += product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: mod 11, weights 2..9 from the right, 0/10/11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits.charAt(i)) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

function parseIsoDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(time).toISOString().slice(0, 10) !== date) throw new RangeError(`no such date: ${date}`);
  return time;
}

/**
 * Days since 1997-10-07. The factor reached 9999 on 2025-02-21 and restarted at 1000 on 2025-02-22
 * (FEBRABAN), so it cycles through 1000..9999 every 9000 days.
 */
export function dueDateFactor(dueDate: string): number {
  const days = Math.round((parseIsoDate(dueDate) - FACTOR_EPOCH) / DAY_MS);
  if (days < 1000) throw new RangeError('due dates before 2000-07-03 have no factor');
  return ((days - 1000) % 9000) + 1000;
}

/** The date (YYYY-MM-DD) with this factor that lies nearest to `near`. */
export function dueDateFromFactor(factor: number, near: Date): string {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999)
    throw new RangeError('factor is 1000..9999');
  const nearDays = Math.floor((near.getTime() - FACTOR_EPOCH) / DAY_MS);
  const cycle = Math.round((nearDays - factor) / 9000);
  const days = factor + Math.max(0, cycle) * 9000;
  return new Date(FACTOR_EPOCH + days * DAY_MS).toISOString().slice(0, 10);
}

export function barcodeToDigitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('a boleto barcode has 44 digits');
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${barcode.charAt(4)}${barcode.slice(5, 19)}`;
}

export function digitableLineToBarcode(line: string): string {
  const digits = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(digits)) throw new RangeError('a digitable line has 47 digits');
  return (
    digits.slice(0, 4) +
    digits.charAt(32) +
    digits.slice(33, 47) +
    digits.slice(4, 9) +
    digits.slice(10, 20) +
    digits.slice(21, 31)
  );
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE", as printed on a boleto. */
export function formatDigitableLine(line: string): string {
  const d = line.replace(/[\s.]/g, '');
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.charAt(32)} ${d.slice(33)}`;
}

export type BoletoValidation =
  | { valid: true; barcode: string; bankCode: string; dueFactor: number; amount: number }
  | { valid: false; reason: string };

/** Accepts the 47 digits with or without the printed dots and spaces. */
export function validateDigitableLine(line: string): BoletoValidation {
  const digits = line.replace(/[\s.]/g, '');
  if (!/^\d{47}$/.test(digits)) return { valid: false, reason: 'a digitable line has 47 digits' };
  const fields: Array<[string, string]> = [
    [digits.slice(0, 9), digits.charAt(9)],
    [digits.slice(10, 20), digits.charAt(20)],
    [digits.slice(21, 31), digits.charAt(31)],
  ];
  for (const [index, [body, check]] of fields.entries()) {
    if (String(mod10(body)) !== check)
      return { valid: false, reason: `field ${index + 1} check digit is wrong` };
  }
  if (digits.charAt(3) !== '9') return { valid: false, reason: 'currency code must be 9 (real)' };
  const barcode = digitableLineToBarcode(digits);
  if (String(mod11(barcode.slice(0, 4) + barcode.slice(5))) !== barcode.charAt(4)) {
    return { valid: false, reason: 'general check digit is wrong' };
  }
  return {
    valid: true,
    barcode,
    bankCode: barcode.slice(0, 3),
    dueFactor: Number(barcode.slice(5, 9)),
    amount: Number(barcode.slice(9, 19)),
  };
}

export interface BoletoInput {
  /** Three-digit FEBRABAN bank code; 001 is Banco do Brasil. */
  bankCode?: string;
  /** Cents. */
  amount: number;
  /** YYYY-MM-DD, the calendar day in Brasília. */
  dueDate: string;
  /** The bank's 25-digit free field (agreement, "nosso número", …); random when absent. */
  freeField?: string;
}

export interface Boleto {
  barcode: string;
  digitableLine: string;
}

export function generateBoleto(input: BoletoInput): Boleto {
  const bankCode = input.bankCode ?? '001';
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError('bank code has 3 digits');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > MAX_BOLETO_AMOUNT) {
    throw new RangeError('boleto amount must be 1 to 9999999999 cents');
  }
  let freeField = input.freeField;
  if (freeField === undefined) {
    freeField = '';
    for (let i = 0; i < 25; i++) freeField += String(randomInt(10));
  }
  if (!/^\d{25}$/.test(freeField)) throw new RangeError('free field has 25 digits');
  const factor = String(dueDateFactor(input.dueDate));
  const amount = String(input.amount).padStart(10, '0');
  const withoutCheck = `${bankCode}9${factor}${amount}${freeField}`;
  const barcode = `${withoutCheck.slice(0, 4)}${mod11(withoutCheck)}${withoutCheck.slice(4)}`;
  return { barcode, digitableLine: barcodeToDigitableLine(barcode) };
}
