import type { ProductOffer, ServiceSummary } from '@numero/contract/catalog';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { useProducts } from '../../features/catalog/api/get-products.ts';
import { TrackRecord } from '../../features/catalog/components/track-record.tsx';
import { matchesSearch } from '../../features/catalog/search.ts';
import { currencyFor, formatMoney } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/index.ts';
import { compareNames } from '../../lib/collate.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';

/**
 * The second step of /dashboard/products: the chosen service's countries, each with its price, its stock
 * and the store's record of it (success rate, time to code).
 */
export function CountryStep({
  service,
  serviceCode,
  countryCode,
  lang,
  onBack,
  onCloseCountry,
}: {
  service: ServiceSummary | undefined;
  serviceCode: string;
  /** ?country= (a product picked on the landing, carried through sign-in): its purchase dialog opens. */
  countryCode: string | null;
  lang: Lang;
  onBack: () => void;
  onCloseCountry: () => void;
}) {
  const { t } = useTranslation('products');
  const currency = currencyFor(lang);
  const products = useProducts({ service: serviceCode, currency, lang }, !!service);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ProductOffer | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const fromAddress = countryCode
    ? products.data?.find((p) => p.country_code === countryCode.toUpperCase() && p.available)
    : undefined;
  if (fromAddress && opened !== countryCode) {
    setOpened(countryCode);
    setChosen(fromAddress);
  }
  const back = (
    <Button
      variant="ghost"
      onClick={onBack}
      icon={<ArrowLeft className="size-4" aria-hidden />}
      className="-ml-3"
    >
      {t('countries.change')}
    </Button>
  );

  if (!service)
    return (
      <div className="flex flex-col items-start gap-4">
        {back}
        <EmptyState title={t('empty.unknownService')} />
      </div>
    );

  // In stock first, then the cheapest; equal prices in the language's alphabetical order.
  const shown = (products.data ?? [])
    .filter((p) => matchesSearch(query, p.country_name, p.country_code))
    .sort(
      (a, b) =>
        Number(b.available) - Number(a.available) ||
        a.price - b.price ||
        compareNames(lang, a.country_name, b.country_name),
    );

  return (
    <section aria-labelledby="step-country">
      {back}
      <div className="mt-2 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h2 id="step-country" className="flex items-center gap-3 text-lg font-semibold text-slate-900">
          <span
            className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-slate-100"
            aria-hidden
          >
            <ServiceIcon code={service.code} name={service.name} className="size-6" />
          </span>
          {t('countries.title', { service: service.name })}
        </h2>
        <TextField
          className="md:w-72"
          label={t('countries.search')}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>

      <div className="mt-6">
        {products.isPending ? (
          <CountriesSkeleton label={t('common:loading')} />
        ) : products.isError ? (
          <ErrorState
            message={t('errors.countries')}
            retryLabel={t('common:retry')}
            onRetry={() => void products.refetch()}
          />
        ) : products.data.length === 0 ? (
          <EmptyState title={t('countries.empty')} />
        ) : shown.length === 0 ? (
          <EmptyState title={t('countries.noMatch')} />
        ) : (
          <ul
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            data-testid="country-list"
          >
            {shown.map((p) => (
              <CountryRow key={p.id} offer={p} lang={lang} onBuy={() => setChosen(p)} />
            ))}
          </ul>
        )}
      </div>
      {chosen && (
        <PurchaseDialog
          offer={chosen}
          onClose={() => {
            setChosen(null);
            if (countryCode) onCloseCountry();
          }}
        />
      )}
    </section>
  );
}

function CountryRow({ offer: p, lang, onBuy }: { offer: ProductOffer; lang: Lang; onBuy: () => void }) {
  const { t } = useTranslation('products');
  const price = formatMoney(p.price, p.currency, lang);
  return (
    <li
      className={cn('flex items-center gap-3 px-4 py-3', !p.available && 'bg-slate-50')}
      data-testid={`country-${p.country_code}`}
    >
      <CountryFlag code={p.country_code} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{p.country_name}</p>
        <p className="text-xs text-slate-500">
          {p.dial_code} ·{' '}
          <span className={p.available ? 'text-emerald-700' : undefined}>
            {p.available ? t('countries.stock', { count: p.stock }) : t('countries.outOfStock')}
          </span>
        </p>
        <TrackRecord offer={p} className="block text-xs text-slate-500" />
      </div>
      {/* Price above the button on a phone, beside it from sm up: the country name keeps its room. */}
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-4">
        <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{price}</p>
        <Button
          size="sm"
          className="h-11 min-w-20"
          onClick={onBuy}
          disabled={!p.available}
          aria-label={t('countries.buyLabel', { service: p.service_name, country: p.country_name, price })}
        >
          {t('countries.buy')}
        </Button>
      </div>
    </li>
  );
}

function CountriesSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-hidden>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-4">
            <Skeleton className="size-7 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="mt-2 h-3 w-20" />
            </div>
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-11 w-20" />
          </li>
        ))}
      </ul>
    </div>
  );
}
