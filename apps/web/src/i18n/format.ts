import type { Currency } from '@numero/contract/common';
import type { Lang } from './index.ts';

export function localeFor(lang: string): string {
  return lang.startsWith('en') ? 'en-US' : 'pt-BR';
}

/** The currency follows the interface language: reais in Portuguese, dollars in English. */
export function currencyFor(lang: string): Currency {
  return lang.startsWith('en') ? 'USD' : 'BRL';
}

/** Money arrives in integer cents; shown as cents / 100 with the language's conventions. */
export function formatMoney(cents: number, currency: Currency, lang: Lang | string): string {
  return new Intl.NumberFormat(localeFor(lang), { style: 'currency', currency }).format(cents / 100);
}

export function formatDateTime(value: string | Date, lang: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'short', timeStyle: 'short' }).format(d);
}
