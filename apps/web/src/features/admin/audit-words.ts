import type { AuditEntry } from '@numero/contract/admin';
import type { Currency } from '@numero/contract/common';
import { formatMoney } from '../../i18n/format.ts';

type T = (key: string) => string;

/** Fields the API records, with a translated name in the `audit-words` namespace (`fields.<name>`). */
const FIELDS = [
  'fullName',
  'email',
  'phoneNumber',
  'preferredCurrency',
  'preferredLanguage',
  'isActive',
  'is_active',
  'role',
  'reason',
  'method',
  'sessions',
  'name',
  'prefix',
  'sku',
  'price_brl',
  'price_usd',
  'stock',
  'status',
  'operation',
  'settled',
  'refunded',
  'currency',
  'balance',
  'amount',
] as const;

/** Code values with a translated word (`values.<code>`): reasons, methods, statuses. */
const VALUES = [
  'rate_limited',
  'invalid_credentials',
  'inactive',
  'password',
  'oidc',
  'cancel',
  'finish',
  'cancelled',
  'finished',
  'failed',
  'refunded',
  'captured',
  'active',
  'out_of_stock',
] as const;

const has = (list: readonly string[], key: string) => list.includes(key);

/** Money fields: in cents, in the entry's currency (a price names its own). */
function moneyCurrency(field: string, record: Record<string, unknown> | null): Currency | null {
  if (field === 'price_brl') return 'BRL';
  if (field === 'price_usd') return 'USD';
  if (field === 'balance' || field === 'amount' || field === 'refunded')
    return record?.currency === 'USD' ? 'USD' : 'BRL';
  return null;
}

function word(field: string, value: unknown, record: Record<string, unknown> | null, t: T, lang: string) {
  if (value === null || value === undefined || value === '') return t('empty');
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  const currency = moneyCurrency(field, record);
  if (currency && typeof value === 'number') return formatMoney(value, currency, lang);
  if (typeof value === 'string') return has(VALUES, value) ? t(`values.${value}`) : value;
  return JSON.stringify(value);
}

/**
 * An audit entry's changes in words, in the reader's language: "Nome completo: vazio → Ana Souza",
 * "Motivo: muitas tentativas". Unknown fields keep their name, unknown codes their value.
 */
export function describeChangesInWords(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  t: T,
  lang: string,
): string[] {
  const before = (entry.before ?? null) as Record<string, unknown> | null;
  const after = (entry.after ?? null) as Record<string, unknown> | null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((k) => {
    const label = has(FIELDS, k) ? t(`fields.${k}`) : k;
    const now = word(k, after?.[k], after, t, lang);
    return before && k in before
      ? `${label}: ${word(k, before[k], before, t, lang)} → ${now}`
      : `${label}: ${now}`;
  });
}
