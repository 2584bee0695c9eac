import { i18nReady, loadTexts } from '../i18n/index.ts';

// Screens are rendered at once in tests, in either language: both languages' texts are loaded first.
await i18nReady;
await Promise.all([loadTexts('pt'), loadTexts('en')]);
