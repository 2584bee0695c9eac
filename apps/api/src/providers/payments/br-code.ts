import { randomInt } from 'node:crypto';
import { decimalToCents, formatCents } from './money.ts';

/**
 * PIX BR Code ("copia e cola"): EMV Merchant-Presented QR, a string of TLV fields (2-digit id,
 * 2-digit length, value) closed by field 63 holding a CRC16-CCITT-FALSE of everything before it.
 */

export const PIX_GUI = 'br.gov.bcb.pix';

export class BrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrCodeError';
  }
}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor. */
export function crc16ccitt(data: string | Uint8Array): number {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function crcHex(data: string): string {
  return crc16ccitt(data).toString(16).toUpperCase().padStart(4, '0');
}

/** Payer apps render names in plain ASCII, and lengths are counted in characters: fold accents away. */
export function foldToAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^ -~]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new BrCodeError(`field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

export interface BrCodeInput {
  /** A PIX key (CPF/CNPJ, e-mail, +55 phone or random key): a code the payer's bank resolves itself. */
  key?: string;
  /** The payload location of a dynamic code (PSP-hosted), with or without https://. */
  url?: string;
  merchantName: string;
  merchantCity: string;
  /** Cents; without it the payer types the amount. */
  amount?: number;
  /** Reference label: [A-Za-z0-9]{1,25} for a key code; dynamic codes carry "***" (the default). */
  txid?: string;
  /** Field 01 = 12: the payer's bank should refuse to pay the code twice. */
  oneTime?: boolean;
}

export function buildBrCode(input: BrCodeInput): string {
  if ((input.key === undefined) === (input.url === undefined)) {
    throw new BrCodeError('give exactly one of key or url');
  }
  const account =
    input.key !== undefined
      ? tlv('01', checkPrintable(input.key.trim(), 'key'))
      : tlv('25', checkPrintable((input.url ?? '').trim().replace(/^https?:\/\//i, ''), 'url'));
  const name = foldToAscii(input.merchantName).slice(0, 25).trim();
  const city = foldToAscii(input.merchantCity).slice(0, 15).trim();
  if (!name) throw new BrCodeError('merchant name is empty');
  if (!city) throw new BrCodeError('merchant city is empty');
  const txid = input.txid ?? '***';
  // The Bacen manual limits a key code's reference label to 25 characters (the EMV field size).
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BrCodeError('txid must be "***" or 1 to 25 letters and digits');
  }

  let payload = tlv('00', '01');
  if (input.oneTime) payload += tlv('01', '12');
  payload += tlv('26', tlv('00', PIX_GUI) + account);
  payload += tlv('52', '0000') + tlv('53', '986');
  if (input.amount !== undefined) {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new BrCodeError('amount must be a positive number of cents');
    }
    const amount = formatCents(input.amount);
    if (amount.length > 13) throw new BrCodeError('amount is too large for a BR Code');
    payload += tlv('54', amount);
  }
  payload += tlv('58', 'BR') + tlv('59', name) + tlv('60', city) + tlv('62', tlv('05', txid));
  payload += '6304';
  return payload + crcHex(payload);
}

function checkPrintable(value: string, what: string): string {
  if (!value || !/^[ -~]+$/.test(value)) throw new BrCodeError(`${what} must be non-empty printable ASCII`);
  return value;
}

export interface TlvField {
  id: string;
  value: string;
  /** Present for template fields (merchant accounts 26-51, 62, 64, 80-99). */
  children?: TlvField[];
}

export interface ParsedBrCode {
  /** Field 01 = 12. */
  oneTime: boolean;
  key: string | null;
  url: string | null;
  /** Cents, when the code fixes the amount. */
  amount: number | null;
  merchantName: string;
  merchantCity: string;
  countryCode: string;
  txid: string;
  crc: string;
  fields: TlvField[];
}

function isTemplate(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || (n >= 80 && n <= 99);
}

function parseTlv(text: string, nested: boolean): TlvField[] {
  const fields: TlvField[] = [];
  const seen = new Set<string>();
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) throw new BrCodeError(`malformed field header at position ${at}`);
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new BrCodeError(`field ${id} is truncated`);
    if (seen.has(id)) throw new BrCodeError(`field ${id} appears twice`);
    seen.add(id);
    const field: TlvField = { id, value };
    if (!nested && isTemplate(id)) field.children = parseTlv(value, true);
    fields.push(field);
    at += 4 + length;
  }
  return fields;
}

/** Checks the TLV structure, the CRC and the fields a PIX code must carry; throws BrCodeError. */
export function parseBrCode(code: string): ParsedBrCode {
  const text = code.trim();
  const fields = parseTlv(text, false);
  const last = fields.at(-1);
  if (fields[0]?.id !== '00' || fields[0].value !== '01') throw new BrCodeError('field 00 must be "01"');
  if (last?.id !== '63' || last.value.length !== 4)
    throw new BrCodeError('field 63 (CRC) must close the code');
  const expected = crcHex(text.slice(0, text.length - 4));
  if (last.value.toUpperCase() !== expected) throw new BrCodeError('CRC does not match');

  const top = (id: string): string | undefined => fields.find((f) => f.id === id)?.value;
  const required = (id: string, what: string): string => {
    const value = top(id);
    if (value === undefined || value === '') throw new BrCodeError(`field ${id} (${what}) is missing`);
    return value;
  };

  const initiation = top('01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    throw new BrCodeError('field 01 must be 11 or 12');
  }
  required('52', 'merchant category');
  if (required('53', 'currency') !== '986') throw new BrCodeError('PIX codes are in BRL (986)');
  const countryCode = required('58', 'country');
  const merchantName = required('59', 'merchant name');
  const merchantCity = required('60', 'merchant city');
  const txid = fields.find((f) => f.id === '62')?.children?.find((c) => c.id === '05')?.value;
  if (!txid) throw new BrCodeError('field 62-05 (txid) is missing');

  const pixAccounts = fields.filter(
    (f) => f.children?.some((c) => c.id === '00' && c.value.toLowerCase() === PIX_GUI) && f.id !== '62',
  );
  if (pixAccounts.length === 0) throw new BrCodeError('no br.gov.bcb.pix merchant account');
  const child = (id: string): string | null =>
    pixAccounts.flatMap((f) => f.children ?? []).find((c) => c.id === id)?.value ?? null;
  const key = child('01');
  const url = child('25');
  if (key === null && url === null) throw new BrCodeError('the PIX account has neither key nor url');

  let amount: number | null = null;
  const amountText = top('54');
  if (amountText !== undefined) {
    amount = decimalToCents(amountText);
    if (amount === null || amount === 0) throw new BrCodeError('field 54 (amount) is not a valid amount');
  }

  return {
    oneTime: initiation === '12',
    key,
    url,
    amount,
    merchantName,
    merchantCity,
    countryCode,
    txid,
    crc: last.value.toUpperCase(),
    fields,
  };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Bacen cob txid: [a-zA-Z0-9]{26,35} from a CSPRNG. */
export function generateTxid(length = 32): string {
  if (!Number.isInteger(length) || length < 26 || length > 35) {
    throw new RangeError('a txid has 26 to 35 characters');
  }
  let txid = '';
  for (let i = 0; i < length; i++) txid += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return txid;
}
