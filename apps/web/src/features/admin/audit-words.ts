import type { AuditEntry } from '@numero/contract/admin';
import { Currency } from '@numero/contract/common';
import { formatMoney } from '../../i18n/format.ts';

/** A translation function of the `audit-words` namespace; the default is what an unknown key shows. */
type T = (key: string, options: { defaultValue: string }) => string;

/** Fields that hold cents: shown as money in the currency the record (or its parent) names. */
const MONEY_FIELDS = new Set([
  'balance',
  'amount',
  'refunded',
  'paid',
  'price',
  'cost',
  'floor',
  'min',
  'max',
]);
/** Fields whose every value is money, whatever its key (prices by SKU). */
const MONEY_MAPS = new Set(['prices']);
/** Fields that always name their currency (a price in reais, a price in dollars). */
const FIXED_CURRENCY: Record<string, Currency> = { price_brl: 'BRL', price_usd: 'USD' };

/** Codes of the audit log's values: one word each (`values.<code>`); anything else is a name or a text. */
const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,40}$/;

const currencyOf = (value: unknown): Currency | null => {
  const parsed = Currency.safeParse(value);
  return parsed.success ? parsed.data : null;
};

interface Context {
  t: T;
  lang: string;
  /** The currency the nearest record names (BRL when none does). */
  currency: Currency;
  /** Inside a map of prices: every number is money. */
  money: boolean;
}

/** A key made of parts ("12/simulator/BRL": a product's cost at a seller in a currency), each in words. */
const PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)+$/;

const fieldName = (field: string, t: T) => {
  if (CODE.test(field)) return t(`fields.${field}`, { defaultValue: field });
  if (PATH.test(field))
    return field
      .split('/')
      .map((part) => (CODE.test(part) ? t(`values.${part}`, { defaultValue: part }) : part))
      .join(' · ');
  return field;
};

function words(field: string, value: unknown, ctx: Context, nested: boolean): string {
  const { t, lang } = ctx;
  if (value === null || value === undefined || value === '') return t('empty', { defaultValue: '∅' });
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no', { defaultValue: String(value) });
  if (typeof value === 'number') {
    const fixed = FIXED_CURRENCY[field];
    if (fixed || ctx.money || MONEY_FIELDS.has(field)) return formatMoney(value, fixed ?? ctx.currency, lang);
    return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'pt-BR').format(value);
  }
  if (typeof value === 'string')
    return CODE.test(value) ? t(`values.${value}`, { defaultValue: value }) : value;
  if (Array.isArray(value)) return value.map((v) => words(field, v, ctx, true)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const inner: Context = {
      ...ctx,
      currency: currencyOf(record.currency) ?? ctx.currency,
      money: ctx.money || MONEY_MAPS.has(field),
    };
    const text = Object.entries(record)
      .map(([k, v]) => {
        // A limit per currency ({ BRL: { min, max } }) names the currency of what it holds; so does a
        // cost keyed by product, seller and currency ("12/simulator/BRL"), which is money.
        const keyed = PATH.test(k) ? currencyOf(k.split('/').at(-1)) : null;
        const child = {
          ...inner,
          currency: currencyOf(k) ?? keyed ?? inner.currency,
          money: inner.money || !!keyed,
        };
        return `${fieldName(k, t)}: ${words(k, v, child, true)}`;
      })
      .join(', ');
    return nested ? `(${text})` : text;
  }
  return String(value);
}

/**
 * An audit entry's changes in words, in the reader's language: "Nome completo: vazio → Ana Souza",
 * "Saldo: R$ 15,00 → R$ 25,00", "Motivo: muitas tentativas". Amounts are cents in the currency the
 * entry names; nested records read as "campo: valor" lists. Unknown fields keep their name, unknown
 * codes their value.
 */
export function describeChangesInWords(
  entry: Pick<AuditEntry, 'before' | 'after'>,
  t: T,
  lang: string,
): string[] {
  const before = (entry.before ?? null) as Record<string, unknown> | null;
  const after = (entry.after ?? null) as Record<string, unknown> | null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const ctxOf = (record: Record<string, unknown> | null): Context => ({
    t,
    lang,
    currency: currencyOf(record?.currency) ?? currencyOf(after?.currency) ?? 'BRL',
    money: false,
  });
  return keys.map((k) => {
    const now = words(k, after?.[k], ctxOf(after), false);
    return before && k in before
      ? `${fieldName(k, t)}: ${words(k, before[k], ctxOf(before), false)} → ${now}`
      : `${fieldName(k, t)}: ${now}`;
  });
}
