/** One CSV field: quoted when it holds a separator, a quote or a line break; a leading =,+,-,@ is neutralised. */
function field(value: string | number): string {
  let text = String(value);
  // A spreadsheet would run a cell starting with these as a formula.
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n');
}

/** Saves `csv` as a file in the browser (UTF-8 with a BOM, so spreadsheets read the accents). */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
