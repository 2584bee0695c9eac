import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { namespaceOfFile } from './namespace.ts';
import pt from './pt.json';

export type Lang = 'pt' | 'en';
export const LANG_STORAGE_KEY = 'numero.lang';

// Each feature keeps its texts in its locales/ folder (see namespaceOfFile); so do the pages in app/routes.
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../features/*/locales/**/*.json', '../app/routes/locales/**/*.json'],
  { eager: true },
);

export function buildResources() {
  const resources: Record<Lang, Record<string, Record<string, unknown>>> = {
    pt: { common: pt },
    en: { common: en },
  };
  for (const [path, mod] of Object.entries(featureFiles)) {
    const ns = namespaceOfFile(path);
    if (ns) resources[ns.lang][ns.name] = mod.default;
  }
  return resources;
}

/** The spec's rule: a stored choice wins; else the browser's language, English only if it starts with 'en'. */
export function normaliseLanguage(lng: string | undefined): Lang {
  return lng?.toLowerCase().startsWith('en') ? 'en' : 'pt';
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: buildResources(),
    supportedLngs: ['pt', 'en'],
    fallbackLng: 'pt',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANG_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: normaliseLanguage,
    },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng === 'en' ? 'en' : 'pt-BR';
});
document.documentElement.lang = i18n.language === 'en' ? 'en' : 'pt-BR';

export default i18n;
