import { SERVICE_SORTS, type ServiceSort, type ServiceSummary } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../components/ui/feedback.tsx';
import { SearchField, SelectField } from '../../components/ui/field.tsx';
import { useFavourites } from '../../features/catalog/api/favourites.ts';
import { useServicePages } from '../../features/catalog/api/get-services.ts';
import { useCatalogSearch } from '../../features/catalog/api/search-catalog.ts';
import { sortCategories } from '../../features/catalog/search.ts';
import { useCategories } from '../../features/landing/api/get-categories.ts';
import type { Lang } from '../../i18n/index.ts';
import { CategoryChip, ServiceCard, ServicesSkeleton } from './service-card.tsx';

/** A row of cards before it is measured, and the grid's gap between rows (gap-3). */
const ROW_ESTIMATE_PX = 184;
const ROW_GAP_PX = 12;
/** The next page is asked for when the grid is scrolled to within this many rows of its end. */
const FETCH_AHEAD_ROWS = 4;

/** Cards per row, as the grid's classes lay them out: 2, 3 from sm (640 px), 4 from lg (1024 px). */
function useColumns(): number {
  const query = (px: number) =>
    typeof window === 'undefined' ? null : window.matchMedia(`(min-width: ${px}px)`);
  return useSyncExternalStore(
    (changed) => {
      const lists = [query(640), query(1024)];
      for (const l of lists) l?.addEventListener('change', changed);
      return () => {
        for (const l of lists) l?.removeEventListener('change', changed);
      };
    },
    () => (query(1024)?.matches ? 4 : query(640)?.matches ? 3 : 2),
    () => 2,
  );
}

/**
 * The first step of /dashboard/products: the services on sale, the customer's favourites first. The
 * server filters (category, name), sorts and pages them; the grid draws only the rows near the screen.
 * When what is typed finds no name, the server's fuzzy search (a typo forgiven) answers instead.
 */
export function ServiceStep({
  category,
  lang,
  currency,
  onCategory,
  onChoose,
}: {
  category: string | null;
  lang: Lang;
  currency: Currency;
  onCategory: (slug: string | null) => void;
  onChoose: (code: string) => void;
}) {
  const { t } = useTranslation('products');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ServiceSort>('popular');
  const q = useDeferredValue(query.trim());
  const pages = useServicePages({ currency, lang, category: category ?? undefined, q: q || undefined, sort });
  const found = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const noName = q !== '' && pages.isSuccess && !pages.isPlaceholderData && found.length === 0;
  const fuzzy = useCatalogSearch({ q: noName ? q : '', currency, lang });
  const categories = useCategories({ currency, lang });
  const favourites = useFavourites({ currency, lang });
  const favouriteCodes = new Set((favourites.data ?? []).map((s) => s.code));
  const matched = noName
    ? (fuzzy.data?.services ?? []).filter((s) => !category || s.category === category)
    : found;
  // Favourites lead the unfiltered list, and are not shown twice.
  const leading = q === '' && !category ? (favourites.data ?? []) : [];
  const shown = leading.length ? matched.filter((s) => !favouriteCodes.has(s.code)) : matched;

  return (
    <section aria-labelledby="step-service">
      <h2 id="step-service" className="text-lg font-semibold text-slate-900">
        {t('steps.service')}
      </h2>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 md:max-w-2xl">
        <SearchField
          label={t('search.label')}
          value={query}
          placeholder={t('search.placeholder')}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        <SelectField
          label={t('filters.sort')}
          value={sort}
          onChange={(e) => setSort(e.target.value as ServiceSort)}
        >
          {SERVICE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`filters.serviceSorts.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">{t('categories.label')}</legend>
        <CategoryChip active={!category} onClick={() => onCategory(null)}>
          {t('categories.all')}
        </CategoryChip>
        {sortCategories(categories.data ?? []).map((c) => (
          <CategoryChip key={c.slug} active={category === c.slug} onClick={() => onCategory(c.slug)}>
            {c.name}
          </CategoryChip>
        ))}
      </fieldset>

      {pages.isPending ? (
        <div className="mt-6">
          <ServicesSkeleton label={t('common:loading')} />
        </div>
      ) : pages.isError ? (
        <div className="mt-6">
          <ErrorState
            message={t('errors.services')}
            retryLabel={t('common:retry')}
            onRetry={() => void pages.refetch()}
          />
        </div>
      ) : (
        <>
          {leading.length > 0 && (
            <div className="mt-6">
              <h3 className="text-sm font-semibold text-slate-900">{t('favourites.title')}</h3>
              <ul
                className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
                data-testid="favourite-list"
              >
                {leading.map((s) => (
                  <li key={s.code} className="flex">
                    <ServiceCard service={s} lang={lang} favourite onChoose={() => onChoose(s.code)} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {shown.length === 0 && leading.length === 0 ? (
            <div className="mt-6">
              <EmptyState title={t('empty.services')}>
                <p>{t('empty.servicesText')}</p>
              </EmptyState>
            </div>
          ) : (
            <ServiceGrid
              services={shown}
              lang={lang}
              favourites={favouriteCodes}
              onChoose={onChoose}
              onNearEnd={() => {
                if (!noName && pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The services read so far as a grid whose rows are drawn only near the screen: the rows above and below
 * are padding, so the grid lays out (and measures) the drawn rows as it would the whole list.
 */
function ServiceGrid({
  services,
  lang,
  favourites,
  onChoose,
  onNearEnd,
}: {
  services: ServiceSummary[];
  lang: Lang;
  favourites: Set<string>;
  onChoose: (code: string) => void;
  onNearEnd: () => void;
}) {
  const columns = useColumns();
  const rowCount = Math.ceil(services.length / columns);
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_ESTIMATE_PX,
    gap: ROW_GAP_PX,
    overscan: 3,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const last = rows.at(-1);
  useEffect(() => {
    if ((last?.index ?? -1) >= rowCount - FETCH_AHEAD_ROWS) onNearEnd();
  }, [last?.index, rowCount, onNearEnd]);
  return (
    <ul
      ref={listRef}
      className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
      style={{
        paddingTop: rows[0] ? rows[0].start - margin : 0,
        paddingBottom: last ? virtualizer.getTotalSize() - (last.end - margin) : 0,
      }}
      data-testid="service-list"
    >
      {rows.flatMap((row) =>
        services.slice(row.index * columns, (row.index + 1) * columns).map((s, i) => (
          // The first card of a row is measured: the grid stretches every card of a row to the tallest.
          <li
            key={s.code}
            ref={i === 0 ? virtualizer.measureElement : undefined}
            data-index={row.index}
            className="flex"
          >
            <ServiceCard
              service={s}
              lang={lang}
              favourite={favourites.has(s.code)}
              onChoose={() => onChoose(s.code)}
            />
          </li>
        )),
      )}
    </ul>
  );
}
