import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANG_STORAGE_KEY, type Lang, normaliseLanguage } from './language-choice.ts';
import type { Namespaces } from './namespace.ts';

export { LANG_STORAGE_KEY, type Lang, normaliseLanguage };

// One chunk of texts per language (every feature's and screen's own files with the common ones), so a
// reader downloads only the language they read, and only once.
const textsOf: Record<Lang, () => Promise<{ default: Namespaces }>> = {
  pt: () => import('./texts-pt.ts'),
  en: () => import('./texts-en.ts'),
};

/** Makes a language's texts available; call before switching to it. */
export async function loadTexts(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const { default: namespaces } = await textsOf[lang]();
  // The chunk's objects are never changed, so i18next need not copy them first (a JSON round trip of
  // every text, which made the app's start one long task).
  for (const [ns, texts] of Object.entries(namespaces)) {
    i18n.addResourceBundle(lang, ns, texts, true, true, { skipCopy: true });
  }
}

/** Switches the interface's language once its texts are here. */
export async function switchLanguage(lang: Lang): Promise<void> {
  await loadTexts(lang);
  await i18n.changeLanguage(lang);
}

/** Resolves once the reader's language and its texts are ready: render after it. */
export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {},
    partialBundledLanguages: true,
    react: { bindI18nStore: 'added' },
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
  })
  .then(() => loadTexts(normaliseLanguage(i18n.language)));

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng === 'en' ? 'en' : 'pt-BR';
});
document.documentElement.lang = i18n.language === 'en' ? 'en' : 'pt-BR';

export default i18n;
