import { ArrowRight, CreditCard, type LucideIcon, Smartphone, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading.tsx';

const STEPS: { key: 'register' | 'balance' | 'activate'; icon: LucideIcon }[] = [
  { key: 'register', icon: UserPlus },
  { key: 'balance', icon: CreditCard },
  { key: 'activate', icon: Smartphone },
];

/** The three steps; the closing call to create an account is for visitors only. */
export function HowItWorks({ signedIn = false }: { signedIn?: boolean }) {
  const { t } = useTranslation('landing');
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-20 border-y border-slate-200 bg-white py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          title={t('howItWorks.title')}
          subtitle={t('howItWorks.subtitle')}
        />
        <ol className="mt-12 grid gap-10 md:grid-cols-3 md:gap-8">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="relative">
              {index < STEPS.length - 1 && (
                <span
                  aria-hidden
                  className="absolute top-6 left-16 hidden h-px w-[calc(100%-4rem)] bg-linear-to-r from-brand-200 to-transparent md:block"
                />
              )}
              <span className="relative flex size-12 items-center justify-center rounded-xl bg-brand-700 text-white shadow-sm shadow-brand-900/20">
                <Icon className="size-6" aria-hidden />
              </span>
              <p className="mt-5 text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {t('howItWorks.step', { n: index + 1 })}
              </p>
              <h3 className="mt-1 text-xl font-semibold text-slate-900">
                {t(`howItWorks.steps.${key}.title`)}
              </h3>
              <p className="mt-2 leading-relaxed text-slate-600">{t(`howItWorks.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>

        {!signedIn && (
          <div className="mt-16 flex flex-col items-start gap-6 rounded-2xl bg-slate-900 px-6 py-8 sm:px-10 sm:py-10 md:flex-row md:items-center md:justify-between">
            <div>
              <h3 className="text-2xl font-semibold text-white">{t('howItWorks.ctaTitle')}</h3>
              <p className="mt-2 text-slate-300">{t('howItWorks.ctaText')}</p>
            </div>
            <Link
              to="/register"
              className="inline-flex h-12 w-full shrink-0 items-center justify-center gap-2 rounded-lg bg-white px-6 font-semibold text-slate-900 transition-colors hover:bg-brand-50 focus-visible:outline-brand-500 sm:w-auto"
            >
              {t('howItWorks.cta')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
