import type { AdminOrder } from '@numero/contract/activations';
import type { Lang } from '../../http/lang.ts';

const HEADERS: Record<Lang, string[]> = {
  pt: [
    'id',
    'data',
    'cliente',
    'email',
    'serviço',
    'país',
    'número',
    'código',
    'status',
    'pagamento',
    'preço',
    'moeda',
    'expira_em',
  ],
  en: [
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
  ],
};

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (=, +, -, @ first: a customer
 * can put that in their name) is prefixed with a quote, so opening the export runs nothing.
 */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Orders as CSV: status values stay machine codes (stable for scripts), prices in units with a dot. */
export function ordersCsv(orders: AdminOrder[], lang: Lang): string {
  const lines = [HEADERS[lang].join(',')];
  for (const o of orders) {
    lines.push(
      [
        o.id,
        o.created_at,
        o.user_name,
        o.user_email,
        o.service_name,
        o.country_code,
        o.phone_number,
        o.code,
        o.status,
        o.payment_status,
        (o.price / 100).toFixed(2),
        o.currency,
        o.expires_at,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents, "serviço").
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
