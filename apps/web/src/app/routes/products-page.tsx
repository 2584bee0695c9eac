import type { ServiceSummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useServices } from '../../features/catalog/api/get-services.ts';
import { useCatalogSearch } from '../../features/catalog/api/search-catalog.ts';
import { matchesSearch, sortCategories } from '../../features/catalog/search.ts';
import { currencyFor, formatMoney } from '../../i18n/format.ts';
import { type Lang, normaliseLanguage } from '../../i18n/index.ts';
import { CountryStep } from './country-step.tsx';

/**
 * /dashboard/products: choose a service, then a country, then confirm. ?category= (from the landing's
 * cards) pre-filters the services; ?service= opens a service's countries.
 */
export function ProductsPage() {
  const { t, i18n } = useTranslation('products');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const currency = currencyFor(lang);
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const serviceCode = params.get('service');
  const services = useServices({ currency, lang });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'category' },
    );

  const selected = serviceCode ? services.data?.find((s) => s.code === serviceCode) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 max-w-2xl text-slate-600">{t('subtitle')}</p>

      <div className="mt-8">
        {services.isPending ? (
          <ServicesSkeleton label={t('common:loading')} />
        ) : services.isError ? (
          <ErrorState
            message={t('errors.services')}
            retryLabel={t('common:retry')}
            onRetry={() => void services.refetch()}
          />
        ) : serviceCode ? (
          <CountryStep
            service={selected}
            serviceCode={serviceCode}
            countryCode={params.get('country')}
            lang={lang}
            onBack={() => setParam('service', null)}
            onCloseCountry={() => setParam('country', null)}
          />
        ) : (
          <ServiceStep
            services={services.data}
            category={category}
            lang={lang}
            currency={currency}
            onCategory={(slug) => setParam('category', slug)}
            onChoose={(code) => setParam('service', code)}
          />
        )}
      </div>
    </div>
  );
}

function ServiceStep({
  services,
  category,
  lang,
  currency,
  onCategory,
  onChoose,
}: {
  services: ServiceSummary[];
  category: string | null;
  lang: Lang;
  currency: Currency;
  onCategory: (slug: string | null) => void;
  onChoose: (code: string) => void;
}) {
  const { t } = useTranslation('products');
  const [query, setQuery] = useState('');
  const local = services.filter((s) => matchesSearch(query, s.name, s.code));
  // What is typed filters the list here at once (the API gives the most popular first; filtering keeps
  // that order). When nothing here matches, the server's search, which forgives a typo ("telegrama"), is
  // asked instead.
  const search = useCatalogSearch({ q: local.length === 0 ? query.trim() : '', currency, lang });
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const s of services) if (!seen.has(s.category)) seen.set(s.category, s.category_name);
    return sortCategories([...seen].map(([slug, name]) => ({ slug, name })));
  }, [services]);
  const matched =
    local.length === 0 && search.data && !search.isPlaceholderData ? search.data.services : local;
  const shown = matched.filter((s) => !category || s.category === category);

  return (
    <section aria-labelledby="step-service">
      <h2 id="step-service" className="text-lg font-semibold text-slate-900">
        {t('steps.service')}
      </h2>
      <div className="mt-4 flex flex-col gap-4 md:flex-row md:items-end">
        <div className="relative md:w-80">
          <TextField
            label={t('search.label')}
            type="search"
            value={query}
            placeholder={t('search.placeholder')}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <Search
            className="pointer-events-none absolute right-3 bottom-3.5 size-4 text-slate-400"
            aria-hidden
          />
        </div>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('categories.label')}</legend>
          <CategoryChip active={!category} onClick={() => onCategory(null)}>
            {t('categories.all')}
          </CategoryChip>
          {categories.map((c) => (
            <CategoryChip key={c.slug} active={category === c.slug} onClick={() => onCategory(c.slug)}>
              {c.name}
            </CategoryChip>
          ))}
        </fieldset>
      </div>

      {shown.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t('empty.services')}>
            <p>{t('empty.servicesText')}</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="service-list">
          {shown.map((s) => (
            <li key={s.code} className="flex">
              <ServiceCard service={s} lang={lang} onChoose={() => onChoose(s.code)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'h-11 rounded-full px-4 text-sm font-medium ring-1 transition-colors',
        active
          ? 'bg-brand-700 text-white ring-brand-700'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

function ServiceCard({
  service: s,
  lang,
  onChoose,
}: {
  service: ServiceSummary;
  lang: Lang;
  onChoose: () => void;
}) {
  const { t } = useTranslation('products');
  const available = s.from_price !== null && s.countries_available > 0;
  return (
    <button
      type="button"
      onClick={onChoose}
      data-testid={`service-${s.code}`}
      className="flex w-full flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40"
    >
      <span className="flex size-11 items-center justify-center rounded-xl bg-slate-100" aria-hidden>
        <ServiceIcon code={s.code} name={s.name} className="size-6" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold break-words text-slate-900">{s.name}</span>
        <span className="block text-xs text-slate-500">{s.category_name}</span>
      </span>
      <span className="mt-auto text-sm">
        {available ? (
          <>
            <span className="block font-medium text-slate-900 tabular-nums">
              {t('service.from', { price: formatMoney(s.from_price!, s.currency, lang) })}
            </span>
            <span className="block text-xs text-slate-500">
              {t('service.countries', { count: s.countries_available })}
            </span>
          </>
        ) : (
          <span className="text-slate-500">{t('service.unavailable')}</span>
        )}
      </span>
    </button>
  );
}

function ServicesSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-11 w-full md:w-80" />
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-hidden>
        {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
          <li key={i} className="rounded-2xl border border-slate-200 bg-white p-4">
            <Skeleton className="size-11 rounded-xl" />
            <Skeleton className="mt-3 h-5 w-24" />
            <Skeleton className="mt-3 h-4 w-20" />
          </li>
        ))}
      </ul>
    </div>
  );
}
