import type { Currency } from '@numero/contract/common';
import type { Lang } from './index.ts';

export function localeFor(lang: string): string {
  return lang.startsWith('en') ? 'en-US' : 'pt-BR';
}

/** The currency follows the interface language: reais in Portuguese, dollars in English. */
export function currencyFor(lang: string): Currency {
  return lang.startsWith('en') ? 'USD' : 'BRL';
}

// Building an Intl formatter loads its locale's data, which costs far more than formatting: a screen
// formats many amounts at once, so each formatter is built once per locale and currency (the first one
// for a locale took 13–15 ms of the dashboard's first render on a desktop).
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Every currency an amount can be in (the contract's `Currency`, without importing zod here). */
export const MONEY_CURRENCIES = ['BRL', 'USD'] as const satisfies readonly Currency[];

function moneyFormat(currency: Currency, lang: string): Intl.NumberFormat {
  const locale = localeFor(lang);
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Builds a formatter ahead of the first screen that shows an amount, so its cost is not in that render. */
export function prepareMoneyFormat(currency: Currency, lang: string): void {
  moneyFormat(currency, lang);
}

/** Money arrives in integer cents; shown as cents / 100 with the language's conventions. */
export function formatMoney(cents: number, currency: Currency, lang: Lang | string): string {
  return moneyFormat(currency, lang).format(cents / 100);
}

export function formatDateTime(value: string | Date, lang: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const locale = localeFor(lang);
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format.format(d);
}
