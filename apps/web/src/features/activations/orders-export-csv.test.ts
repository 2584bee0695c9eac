import { describe, expect, it } from 'vitest';
import { keepColumns, parseCsv } from './orders-export-csv.ts';

describe('orders export columns', () => {
  const csv = [
    'id,date,customer,email,service,country,number,code,status,payment,preço,moeda,expira_em',
    'a1,2025-01-01,"Silva, Ana",ana@x.com,WhatsApp,BR,+5511,123,finished,paid,5.00,BRL,',
    'a2,2025-01-02,"Diz ""oi""",b@x.com,Telegram,US,,,"cancelled",refunded,1.50,USD,"line\nbreak"',
  ].join('\r\n');

  it('reads quoted cells with commas, quotes and line breaks', () => {
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[1]![2]).toBe('Silva, Ana');
    expect(rows[2]![2]).toBe('Diz "oi"');
    expect(rows[2]![12]).toBe('line\nbreak');
  });

  it('keeps only the chosen columns, quoting again where needed', () => {
    expect(keepColumns(csv, new Set(['customer', 'price']))).toBe(
      ['customer,preço', '"Silva, Ana",5.00', '"Diz ""oi""",1.50'].join('\r\n'),
    );
  });
});
