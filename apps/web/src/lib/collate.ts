import type { Lang } from '../i18n/index.ts';

const collators = new Map<string, Intl.Collator>();

/** Compares names the way the language sorts them: "Índia" between "Indonésia" and "Reino Unido", not last. */
export function compareNames(lang: Lang | string, a: string, b: string): number {
  const locale = lang.startsWith('en') ? 'en' : 'pt-BR';
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base' });
    collators.set(locale, collator);
  }
  return collator.compare(a, b);
}

/** A copy sorted by one text field in the language's order. */
export function sortByName<T>(items: readonly T[], name: (item: T) => string, lang: Lang | string): T[] {
  return [...items].sort((a, b) => compareNames(lang, name(a), name(b)));
}
