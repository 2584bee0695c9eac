import type { CategorySummary } from '@numero/contract/catalog';
import {
  ArrowRight,
  type LucideIcon,
  MessageCircle,
  MessageSquareText,
  ShieldCheck,
  Smartphone,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { normaliseLanguage } from '../../../i18n/index.ts';
import { useCategories } from '../api/get-categories.ts';
import { SectionHeading } from './section-heading.tsx';

// The picks draw brand icons and flags (about 8 KiB gzipped): they follow the landing, not hold it up.
const PopularPicks = lazy(() =>
  import('./popular-picks.tsx').then(({ PopularPicks }) => ({ default: PopularPicks })),
);

const CATEGORY_LOOK: Record<string, { icon: LucideIcon; tint: string }> = {
  sms: { icon: MessageSquareText, tint: 'bg-sky-50 text-sky-700 ring-sky-100' },
  whatsapp: { icon: MessageCircle, tint: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  verification: { icon: ShieldCheck, tint: 'bg-violet-50 text-violet-700 ring-violet-100' },
};
const DEFAULT_LOOK = { icon: Smartphone, tint: 'bg-slate-100 text-slate-700 ring-slate-200' };

export function ProductsSection({ signedIn = false }: { signedIn?: boolean }) {
  const { t, i18n } = useTranslation('landing');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const currency = currencyFor(lang);
  const categories = useCategories({ currency, lang });

  return (
    <section id="products" aria-labelledby="products-title" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="products-title" title={t('products.title')} subtitle={t('products.subtitle')} />
        <div className="mt-10" aria-busy={categories.isPending}>
          {categories.isPending ? (
            <ProductsSkeleton label={t('products.loading')} />
          ) : categories.isError ? (
            <ErrorState
              message={t('products.error')}
              retryLabel={t('common:retry')}
              onRetry={() => void categories.refetch()}
            />
          ) : categories.data.length === 0 ? (
            <EmptyState title={t('products.empty')} />
          ) : (
            <ul className="grid gap-5 md:grid-cols-3">
              {categories.data.map((category) => (
                <li key={category.slug} className="flex">
                  <ProductCard category={category} lang={lang} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <Suspense fallback={null}>
          <PopularPicks signedIn={signedIn} />
        </Suspense>
      </div>
    </section>
  );
}

function ProductCard({ category, lang }: { category: CategorySummary; lang: string }) {
  const { t } = useTranslation('landing');
  const { icon: Icon, tint } = CATEGORY_LOOK[category.slug] ?? DEFAULT_LOOK;
  const available = category.from_price !== null;
  const titleId = `product-${category.slug}`;

  return (
    <article
      aria-labelledby={titleId}
      className="group flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <span className={`flex size-12 items-center justify-center rounded-xl ring-1 ${tint}`}>
        <Icon className="size-6" aria-hidden />
      </span>
      <h3 id={titleId} className="mt-5 text-xl font-semibold text-slate-900">
        {category.name}
      </h3>
      <p className="mt-2 flex-1 text-slate-600">
        {t(`products.descriptions.${category.slug}`, { defaultValue: t('products.descriptions.default') })}
      </p>
      <div className="mt-6 border-t border-slate-100 pt-5">
        {available ? (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-sm text-slate-600">{t('products.from')}</span>
            <span
              className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
              data-testid="price"
            >
              {formatMoney(category.from_price!, category.currency, lang)}
            </span>
            <span className="text-sm text-slate-600">{t('products.perActivation')}</span>
          </p>
        ) : (
          <p className="text-sm font-medium text-slate-600">{t('products.unavailable')}</p>
        )}
        <Link
          to={`/dashboard/products?category=${encodeURIComponent(category.slug)}`}
          className="mt-5 inline-flex h-11 items-center gap-2 rounded-lg font-semibold text-brand-700 transition-colors hover:text-brand-900"
        >
          {t('products.cta', { name: category.name })}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
      </div>
    </article>
  );
}

function ProductsSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className="grid gap-5 md:grid-cols-3" aria-hidden>
        {[0, 1, 2].map((i) => (
          <li key={i} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Skeleton className="size-12 rounded-xl" />
            <Skeleton className="mt-5 h-6 w-32" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-4/5" />
            <div className="mt-6 border-t border-slate-100 pt-5">
              <Skeleton className="h-8 w-40" />
              <Skeleton className="mt-5 h-5 w-36" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
