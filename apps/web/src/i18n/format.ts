import type { Currency } from '@numero/contract/common';
import type { Lang } from './index.ts';

export function localeFor(lang: string): string {
  return lang.startsWith('en') ? 'en-US' : 'pt-BR';
}

/** The currency follows the interface language: reais in Portuguese, dollars in English. */
export function currencyFor(lang: string): Currency {
  return lang.startsWith('en') ? 'USD' : 'BRL';
}

// Amounts are written here rather than by Intl.NumberFormat: the first Intl number formatter a page
// builds loads the whole of ICU's number formatting, 20–100 ms of the main thread in Chromium on this
// project's test machine (once per page load, whatever the locale), while the app's two languages and
// two currencies need only these rules. They match what Intl writes (format.test.ts compares them).
const MONEY_STYLES = {
  pt: { group: '.', decimal: ',', symbol: { BRL: 'R$\u00a0', USD: 'US$\u00a0' } },
  en: { group: ',', decimal: '.', symbol: { BRL: 'R$', USD: '$' } },
} as const satisfies Record<Lang, { group: string; decimal: string; symbol: Record<Currency, string> }>;

/** Money arrives in integer cents; shown as cents / 100 with the language's conventions. */
export function formatMoney(cents: number, currency: Currency, lang: Lang | string): string {
  const style = MONEY_STYLES[lang.startsWith('en') ? 'en' : 'pt'];
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, style.group);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${style.symbol[currency]}${whole}${style.decimal}${fraction}`;
}

// A date formatter loads its locale's data when built, which costs far more than formatting: each is
// built once per locale.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

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
