import { describe, expect, it } from 'vitest';
import { BrCodeError, buildBrCode, crc16ccitt, foldToAscii, generateTxid, parseBrCode } from './br-code.ts';

// The test vector from PROTOCOLS.md (CRC 62C9).
const VECTOR =
  '00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***80800014br.gov.bcb.pix2558pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002630462C9';

function withFixedCrc(body: string): string {
  const head = `${body}6304`;
  return head + crc16ccitt(head).toString(16).toUpperCase().padStart(4, '0');
}

describe('crc16ccitt', () => {
  it('matches the CRC-16/CCITT-FALSE check value for "123456789"', () => {
    expect(crc16ccitt('123456789')).toBe(0x29b1);
  });

  it('gives 62C9 over the PROTOCOLS.md vector up to and including 6304', () => {
    expect(crc16ccitt(VECTOR.slice(0, -4))).toBe(0x62c9);
  });
});

describe('parseBrCode', () => {
  it('reads the PROTOCOLS.md vector', () => {
    const parsed = parseBrCode(VECTOR);
    expect(parsed.crc).toBe('62C9');
    expect(parsed.merchantName).toBe('Fulano de Tal');
    expect(parsed.merchantCity).toBe('BRASILIA');
    expect(parsed.countryCode).toBe('BR');
    expect(parsed.txid).toBe('***');
    expect(parsed.amount).toBeNull();
    expect(parsed.key).toBeNull();
    expect(parsed.url).toBe('pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002');
    expect(parsed.oneTime).toBe(false);
    expect(parsed.fields.map((f) => f.id)).toEqual([
      '00',
      '26',
      '52',
      '53',
      '58',
      '59',
      '60',
      '62',
      '80',
      '63',
    ]);
  });

  it('accepts a lower-case CRC and surrounding whitespace from a paste', () => {
    expect(parseBrCode(`  ${VECTOR.slice(0, -4)}62c9\n`).crc).toBe('62C9');
  });

  it('rejects a wrong CRC', () => {
    expect(() => parseBrCode(`${VECTOR.slice(0, -4)}62C8`)).toThrow(/CRC does not match/);
  });

  it('rejects any single changed character, even in the name', () => {
    const tampered = VECTOR.replace('Fulano', 'Fulana');
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError);
  });

  it('rejects a length that runs past the end of the code', () => {
    expect(() => parseBrCode('000201265')).toThrow(/truncated|malformed/);
  });

  it('rejects a code whose CRC field is not last', () => {
    const body = VECTOR.slice(0, -8);
    const crc = crc16ccitt(`${body}6304`).toString(16).toUpperCase().padStart(4, '0');
    expect(() => parseBrCode(`${body}6304${crc}550201`)).toThrow(/field 63/);
  });

  it('rejects a well-formed code with a field missing', () => {
    // Same code without field 60 (city), CRC recomputed so only the structure is wrong.
    const withoutCity = withFixedCrc(VECTOR.slice(0, -8).replace('6008BRASILIA', ''));
    expect(() => parseBrCode(withoutCity)).toThrow(/field 60/);
  });

  it('rejects a code that is not in BRL', () => {
    const dollars = withFixedCrc(VECTOR.slice(0, -8).replace('5303986', '5303840'));
    expect(() => parseBrCode(dollars)).toThrow(/BRL/);
  });
});

describe('buildBrCode', () => {
  it('builds a key code with amount, one-time flag and txid that parses back', () => {
    const code = buildBrCode({
      key: 'pix@numero.com.br',
      merchantName: 'Número Telecomunicações Digitais',
      merchantCity: 'São José dos Campos',
      amount: 5000,
      txid: 'ABC123',
      oneTime: true,
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('26390014br.gov.bcb.pix0117pix@numero.com.br');
    expect(code).toContain('540550.00');
    expect(code).toContain('62100506ABC123');
    const parsed = parseBrCode(code);
    expect(parsed).toMatchObject({
      key: 'pix@numero.com.br',
      url: null,
      amount: 5000,
      merchantName: 'Numero Telecomunicacoes D',
      merchantCity: 'Sao Jose dos Ca',
      txid: 'ABC123',
      oneTime: true,
    });
    expect(parsed.merchantName).toHaveLength(25);
    expect(parsed.merchantCity).toHaveLength(15);
  });

  it('reproduces the vector layout for a dynamic code (url, txid ***)', () => {
    const code = buildBrCode({
      url: 'https://pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toMatch(
      /^00020126800014br\.gov\.bcb\.pix2558pix\.example\.com\/qr\/v2\/rec\/2353c790eefb11eaadc10242ac1200025204000053039865802BR5913Fulano de Tal6008BRASILIA62070503\*\*\*6304[0-9A-F]{4}$/,
    );
    expect(parseBrCode(code).url).toBe('pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002');
  });

  it('formats amounts with two decimals without float drift', () => {
    for (const [cents, text] of [
      [1, '0.01'],
      [10, '0.10'],
      [29, '0.29'],
      [1999, '19.99'],
      [100000001, '1000000.01'],
    ] as const) {
      const code = buildBrCode({ key: 'k', merchantName: 'N', merchantCity: 'C', amount: cents });
      expect(code).toContain(`54${String(text.length).padStart(2, '0')}${text}`);
      expect(parseBrCode(code).amount).toBe(cents);
    }
  });

  it('refuses what a payer bank would refuse', () => {
    const base = { merchantName: 'N', merchantCity: 'C' };
    expect(() => buildBrCode({ ...base })).toThrow(/exactly one/);
    expect(() => buildBrCode({ ...base, key: 'k', url: 'u' })).toThrow(/exactly one/);
    expect(() => buildBrCode({ ...base, key: 'k', txid: 'a'.repeat(26) })).toThrow(/txid/);
    expect(() => buildBrCode({ ...base, key: 'k', txid: 'has space' })).toThrow(/txid/);
    expect(() => buildBrCode({ ...base, key: 'k', amount: 0 })).toThrow(/amount/);
    expect(() => buildBrCode({ ...base, key: 'k', amount: 12.5 })).toThrow(/amount/);
    expect(() => buildBrCode({ ...base, key: 'x'.repeat(90) })).toThrow(/99/);
    expect(() => buildBrCode({ merchantName: '日本', merchantCity: 'C', key: 'k' })).toThrow(/name/);
  });
});

describe('foldToAscii', () => {
  it('drops accents and anything outside printable ASCII', () => {
    expect(foldToAscii('  Ação  Çedilha\tß ü ')).toBe('Acao Cedilha u');
  });
});

describe('generateTxid', () => {
  it('returns 26..35 letters and digits, different each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const txid = generateTxid();
      expect(txid).toMatch(/^[a-zA-Z0-9]{32}$/);
      seen.add(txid);
    }
    expect(seen.size).toBe(200);
    expect(generateTxid(26)).toHaveLength(26);
    expect(generateTxid(35)).toHaveLength(35);
    expect(() => generateTxid(25)).toThrow(RangeError);
    expect(() => generateTxid(36)).toThrow(RangeError);
  });
});
