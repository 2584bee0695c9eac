import { ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportLinks } from '../../components/support-contact.tsx';

interface Question {
  q: string;
  a: string;
}

/** /faq: codes that do not arrive, refunds, cancel rules, top-up times, wallets and the API; then support. */
export function FaqPage() {
  const { t, i18n } = useTranslation('faq');
  const items = t('items', { returnObjects: true }) as Question[];

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language
  useEffect(() => {
    document.title = t('meta.title');
  }, [t, i18n.resolvedLanguage]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('subtitle')}</p>
      <div
        className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
        data-testid="faq"
      >
        {items.map((item, i) => (
          <details key={item.q} className="group" open={i === 0}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 px-4 py-3 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
              <span className="min-w-0 flex-1 break-words">{item.q}</span>
              <ChevronDown
                className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="px-4 pb-4 text-sm leading-relaxed text-slate-700">{item.a}</p>
          </details>
        ))}
      </div>
      <section aria-labelledby="faq-contact" className="mt-8 rounded-2xl bg-slate-50 p-5">
        <h2 id="faq-contact" className="font-semibold text-slate-900">
          {t('contactTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('contactText')}</p>
        <SupportLinks className="mt-2" />
      </section>
    </div>
  );
}
