// The reader's language choice without i18next: the pre-rendered pages' boot (src/landing-boot.ts) reads
// it to start the app at once for a reader whose stored language is not the page's.

export type Lang = 'pt' | 'en';

/** Where i18next's detector keeps the reader's language. */
export const LANG_STORAGE_KEY = 'numero.lang';

/** The spec's rule: a stored choice wins; else the browser's language, English only if it starts with 'en'. */
export function normaliseLanguage(lng: string | undefined): Lang {
  return lng?.toLowerCase().startsWith('en') ? 'en' : 'pt';
}
