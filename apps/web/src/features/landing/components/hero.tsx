import { ArrowRight, CircleCheck, Clock, MessageCircle, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** `name`: the signed-in customer's, who is greeted and offered the purchase and their dashboard. */
export function Hero({ name = null }: { name?: string | null }) {
  const { t } = useTranslation('landing');
  const signedIn = name !== null;
  const points = [t('hero.points.payments'), t('hero.points.activation'), t('hero.points.refund')];

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-white">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-brand-100),transparent_70%)] opacity-70"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.15fr_1fr] lg:gap-16">
        <div>
          {signedIn && (
            <p className="mb-4 text-lg font-medium text-slate-900" data-testid="landing-greeting">
              {t('signedIn.greeting', { name })}
            </p>
          )}
          <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100">
            <Clock className="size-4" aria-hidden />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem]"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">
            {t('hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {/* A signed-in customer is offered the purchase, not a second account. */}
            <Link
              to={signedIn ? '/dashboard/products' : '/register'}
              className={cn(buttonClasses('primary', 'lg'), 'shadow-sm shadow-brand-900/10')}
            >
              {signedIn ? t('signedIn.buy') : t('hero.ctaPrimary')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            {signedIn && (
              <Link to="/dashboard" className={buttonClasses('secondary', 'lg')}>
                {t('signedIn.dashboard')}
              </Link>
            )}
            <a href="#products" className={buttonClasses('secondary', 'lg')}>
              {t('hero.ctaSecondary')}
            </a>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-slate-600 sm:flex-row sm:flex-wrap">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CircleCheck className="size-4 shrink-0 text-brand-700" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <ActivationPreview />
      </div>
    </section>
  );
}

/** An illustration of the product at work, drawn in HTML; read out as one image. */
function ActivationPreview() {
  const { t } = useTranslation('landing');
  return (
    <div
      role="img"
      aria-label={t('hero.preview.label')}
      className="relative mx-auto w-full max-w-sm lg:max-w-md"
    >
      <div
        aria-hidden
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-brand-100/70 via-white to-slate-100"
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-900/5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700">
              <MessageCircle className="size-5" />
            </span>
            <div>
              <p className="text-sm font-semibold text-slate-900">{t('hero.preview.service')}</p>
              <p className="text-xs text-slate-500">{t('hero.preview.country')} · +55</p>
            </div>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800">
            <span className="size-1.5 rounded-full bg-emerald-500" />
            {t('hero.preview.waiting')}
          </span>
        </div>

        <p className="mt-6 font-mono text-2xl font-semibold tracking-wide text-slate-900 tabular-nums">
          +55 11 9•••• 0375
        </p>

        <div className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200/70">
          <div className="flex items-center justify-between text-xs text-slate-500">
            <span>{t('hero.preview.code')}</span>
            <span className="inline-flex items-center gap-1 font-medium text-brand-800">
              <CircleCheck className="size-3.5" />
              {t('hero.preview.status')}
            </span>
          </div>
          <p className="mt-1.5 font-mono text-3xl font-bold tracking-[0.2em] text-slate-900 tabular-nums">
            482 913
          </p>
        </div>

        <div className="mt-5">
          <div className="flex items-center justify-between text-xs text-slate-500">
            <span className="inline-flex items-center gap-1">
              <Timer className="size-3.5" />
              {t('hero.preview.expires')}
            </span>
            <span className="font-medium text-slate-700 tabular-nums">17:42</span>
          </div>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
            <div className="h-full w-[88%] rounded-full bg-brand-600" />
          </div>
        </div>
      </div>
    </div>
  );
}
