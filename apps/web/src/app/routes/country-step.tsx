import type { ProductOffer, ServiceSummary } from '@numero/contract/catalog';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ArrowLeft } from 'lucide-react';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { useProductPages, useProducts } from '../../features/catalog/api/get-products.ts';
import { TrackRecord } from '../../features/catalog/components/track-record.tsx';
import { currencyFor, formatMoney } from '../../i18n/format.ts';
import type { Lang } from '../../i18n/index.ts';
import { CountryFilterBar, type CountryFilters, filterQuery, NO_FILTERS } from './country-filters.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';

/** A row's height before it is measured: the name, the stock and the record on three lines. */
const ROW_ESTIMATE_PX = 92;
/** The next page is asked for when the list is scrolled to within this many rows of its end. */
const FETCH_AHEAD_ROWS = 10;

/**
 * The second step of /dashboard/products: the chosen service's countries, each with its price, its stock
 * and the store's record of it (success rate, time to code). The server filters, sorts and pages them;
 * the list draws only the rows near the screen, however many pages were read.
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
  const [filters, setFilters] = useState<CountryFilters>(NO_FILTERS);
  // Typing stays responsive: the list follows what was typed once React has time for it.
  const asked = useDeferredValue(filters);
  const base = { service: serviceCode, currency, lang };
  const pages = useProductPages({ ...base, ...filterQuery(asked) }, !!service);
  const addressed = useProducts({ ...base, country: countryCode?.toUpperCase() }, !!service && !!countryCode);
  const [chosen, setChosen] = useState<ProductOffer | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const fromAddress = countryCode ? addressed.data?.find((p) => p.available) : undefined;
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

  const offers = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <section aria-labelledby="step-country">
      {back}
      <h2 id="step-country" className="mt-2 flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-slate-100"
          aria-hidden
        >
          <ServiceIcon code={service.code} name={service.name} className="size-6" />
        </span>
        {t('countries.title', { service: service.name })}
      </h2>
      <div className="mt-4">
        <CountryFilterBar value={filters} onChange={setFilters} lang={lang} />
      </div>

      <div className="mt-6">
        {pages.isPending ? (
          <CountriesSkeleton label={t('common:loading')} />
        ) : pages.isError ? (
          <ErrorState
            message={t('errors.countries')}
            retryLabel={t('common:retry')}
            onRetry={() => void pages.refetch()}
          />
        ) : offers.length === 0 ? (
          <EmptyState title={filtered ? t('countries.noMatch') : t('countries.empty')}>
            {filtered && (
              <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                {t('filters.clear')}
              </Button>
            )}
          </EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('countries.count', { count: total })}
            </p>
            <CountryList
              offers={offers}
              lang={lang}
              onBuy={setChosen}
              onNearEnd={() => {
                if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
              }}
            />
            {pages.isFetchingNextPage && (
              <p role="status" className="mt-3 text-center text-sm text-slate-500">
                {t('countries.loadingMore')}
              </p>
            )}
          </>
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

/** The countries read so far, drawn only near the screen (a service may sell in two hundred of them). */
function CountryList({
  offers,
  lang,
  onBuy,
  onNearEnd,
}: {
  offers: ProductOffer[];
  lang: Lang;
  onBuy: (offer: ProductOffer) => void;
  onNearEnd: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: offers.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 6,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (i) => offers[i]!.id,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= offers.length - FETCH_AHEAD_ROWS) onNearEnd();
  }, [last, offers.length, onNearEnd]);
  return (
    <ul
      ref={listRef}
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="country-list"
    >
      {rows.map((row) => (
        <CountryRow
          key={row.key}
          ref={virtualizer.measureElement}
          index={row.index}
          top={row.start - virtualizer.options.scrollMargin}
          offer={offers[row.index]!}
          lang={lang}
          onBuy={() => onBuy(offers[row.index]!)}
        />
      ))}
    </ul>
  );
}

function CountryRow({
  offer: p,
  lang,
  onBuy,
  ref,
  index,
  top,
}: {
  offer: ProductOffer;
  lang: Lang;
  onBuy: () => void;
  /** The list measures each row it draws, and places it at `top`. */
  ref: (element: HTMLLIElement | null) => void;
  index: number;
  top: number;
}) {
  const { t } = useTranslation('products');
  const price = formatMoney(p.price, p.currency, lang);
  return (
    <li
      ref={ref}
      data-index={index}
      style={{ transform: `translateY(${top}px)` }}
      className={cn(
        'absolute inset-x-0 top-0 flex items-center gap-3 border-b border-slate-200 px-4 py-3 last:border-b-0',
        !p.available && 'bg-slate-50',
      )}
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
