import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useService } from '../../features/catalog/api/get-services.ts';
import { currencyFor } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { CountryStep } from './country-step.tsx';
import { ServiceStep } from './service-step.tsx';

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
  const selected = useService({ currency, lang }, serviceCode);

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

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 max-w-2xl text-slate-600">{t('subtitle')}</p>

      <div className="mt-8">
        {!serviceCode ? (
          <ServiceStep
            category={category}
            lang={lang}
            currency={currency}
            onCategory={(slug) => setParam('category', slug)}
            onChoose={(code) => setParam('service', code)}
          />
        ) : selected.isPending ? (
          <div>
            <p role="status" className="sr-only">
              {t('common:loading')}
            </p>
            <Skeleton className="h-11 w-40" />
          </div>
        ) : selected.isError ? (
          <ErrorState
            message={t('errors.services')}
            retryLabel={t('common:retry')}
            onRetry={() => void selected.refetch()}
          />
        ) : (
          <CountryStep
            service={selected.data ?? undefined}
            serviceCode={serviceCode}
            countryCode={params.get('country')}
            lang={lang}
            onBack={() => setParam('service', null)}
            onCloseCountry={() => setParam('country', null)}
          />
        )}
      </div>
    </div>
  );
}
