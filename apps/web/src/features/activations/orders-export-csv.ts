/** The columns of GET /api/v1/admin/orders/export, in the order the server writes them. */
export const EXPORT_COLUMNS = [
  'id',
  'date',
  'customer',
  'email',
  'service',
  'country',
  'number',
  'code',
  'status',
  'payment',
  'price',
  'currency',
  'expires_at',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** Splits RFC 4180 CSV into rows of cells (quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The same CSV with only the chosen columns, in the server's order (cells are kept as the server wrote them). */
export function keepColumns(text: string, chosen: ReadonlySet<ExportColumn>): string {
  const keep = EXPORT_COLUMNS.map((c, i) => (chosen.has(c) ? i : -1)).filter((i) => i >= 0);
  return parseCsv(text)
    .map((r) => keep.map((i) => cell(r[i] ?? '')).join(','))
    .join('\r\n');
}
