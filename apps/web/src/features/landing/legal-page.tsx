import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The sections of each document, in reading order (their texts are in locales/, pt and en). */
const SECTIONS = {
  privacy: [
    'controller',
    'data',
    'purposes',
    'sharing',
    'retention',
    'cookies',
    'rights',
    'security',
    'contact',
  ],
  terms: ['service', 'account', 'balance', 'numbers', 'use', 'liability', 'privacy', 'changes', 'law'],
} as const;

function LegalPage({ doc }: { doc: keyof typeof SECTIONS }) {
  const { t } = useTranslation('legal');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{t(`${doc}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-500">{t('updated')}</p>
      <p className="mt-6 text-slate-700">{t(`${doc}.intro`)}</p>
      {SECTIONS[doc].map((section) => (
        <section key={section} className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">{t(`${doc}.${section}.title`)}</h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-700">
            {t(`${doc}.${section}.body`)}
          </p>
        </section>
      ))}
      <p className="mt-10 text-sm">
        <Link
          to={doc === 'privacy' ? '/terms' : '/privacy'}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {t(doc === 'privacy' ? 'terms.title' : 'privacy.title')}
        </Link>
      </p>
    </article>
  );
}

/** /privacy: the privacy policy (LGPD). */
export function PrivacyPage() {
  return <LegalPage doc="privacy" />;
}

/** /terms: the terms of use. */
export function TermsPage() {
  return <LegalPage doc="terms" />;
}
