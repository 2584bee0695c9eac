import { ACTIVATION_STATUSES, type Activation, ActivationStatus } from '@numero/contract/activations';
import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryFlag, ServiceIcon } from '../../components/brand-icons.tsx';
import { actionErrorText } from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { type Lang, normaliseLanguage } from '../../i18n/index.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { formatPhone } from './activation-format.ts';
import { ORDERS_PAGE_SIZE, useOrders } from './api/get-orders.ts';
import { StatusBadge } from './components/status-badge.tsx';

/** /dashboard/orders: every activation with its status, number, code and price; filtered and paged. */
export function OrdersPage() {
  const { t, i18n } = useTranslation('orders');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { params, page, update, goToPage } = useListParams();
  const parsedStatus = ActivationStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const orders = useOrders({ skip: (page - 1) * ORDERS_PAGE_SIZE, limit: ORDERS_PAGE_SIZE, status });
  const pages = pageCount(orders.data?.total ?? 0, ORDERS_PAGE_SIZE);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <SelectField
          className="sm:w-56"
          label={t('filter.label')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null, page: null })}
          data-testid="orders-status-filter"
        >
          <option value="">{t('filter.all')}</option>
          {ACTIVATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`activations:status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <PagedList
        query={orders}
        skeleton={<OrdersSkeleton label={t('loading')} />}
        errorMessage={(error) => actionErrorText(error, t('error'))}
        retryLabel={t('common:retry')}
        empty={{
          title: status ? t('empty.filtered') : t('empty.title'),
          body: (
            <>
              <p>{status ? t('empty.filteredText') : t('empty.text')}</p>
              {!status && (
                <Link to="/dashboard/products" className={`${buttonClasses('secondary')} mt-4`}>
                  <ShoppingBag className="size-4" aria-hidden />
                  {t('empty.buy')}
                </Link>
              )}
            </>
          ),
        }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        totalTestId="orders-total"
        labels={(total) => paginationLabels(t, { total, page, pages })}
      >
        {(items) => (
          <>
            <OrdersTable items={items} lang={lang} />
            <OrdersCards items={items} lang={lang} />
          </>
        )}
      </PagedList>
    </div>
  );
}

function useRow(a: Activation, lang: Lang) {
  const { t } = useTranslation('orders');
  return {
    href: `/dashboard/activations/${a.id}`,
    date: formatDateTime(a.created_at, lang),
    country: lang === 'en' ? a.country_name_en : a.country_name_pt,
    number: a.phone_number ? formatPhone(a.phone_number) : t('none'),
    code: a.code ?? t('none'),
    price: formatMoney(a.price, a.currency, lang),
  };
}

function OrdersTable({ items, lang }: { items: Activation[]; lang: Lang }) {
  const { t } = useTranslation('orders');
  return (
    <div className="hidden md:block">
      <Table data-testid="orders-table" label={t('title')}>
        <thead>
          <tr>
            <Th>{t('columns.date')}</Th>
            <Th>{t('columns.service')}</Th>
            <Th>{t('columns.country')}</Th>
            <Th>{t('columns.number')}</Th>
            <Th>{t('columns.code')}</Th>
            <Th>{t('columns.status')}</Th>
            <Th numeric>{t('columns.price')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((a) => (
            <OrderRow key={a.id} activation={a} lang={lang} />
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function OrderRow({ activation: a, lang }: { activation: Activation; lang: Lang }) {
  const { t } = useTranslation('orders');
  const row = useRow(a, lang);
  return (
    <tr data-testid="order-row" data-status={a.status}>
      <Td className="tabular-nums">{row.date}</Td>
      <Td>
        <Link
          to={row.href}
          className="font-medium text-brand-800 hover:underline"
          aria-label={t('open', { service: a.service_name, date: row.date })}
        >
          <ServiceIcon code={a.service_code} className="mr-1 inline-flex size-4 align-[-2px]" />{' '}
          {a.service_name}
        </Link>
      </Td>
      <Td>
        <CountryFlag code={a.country_code} className="mr-1 inline-flex align-[-2px]" /> {row.country}
      </Td>
      <Td className="tabular-nums">{row.number}</Td>
      <Td className="font-mono tabular-nums" data-testid="order-code">
        {row.code}
      </Td>
      <Td>
        <StatusBadge status={a.status} />
      </Td>
      <Td numeric>
        <span className={a.settled === 'refunded' ? 'text-slate-500 line-through' : undefined}>
          {row.price}
        </span>
        {a.settled === 'refunded' && <span className="block text-xs text-emerald-700">{t('refunded')}</span>}
      </Td>
    </tr>
  );
}

function OrdersCards({ items, lang }: { items: Activation[]; lang: Lang }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="orders-cards">
      {items.map((a) => (
        <OrderCard key={a.id} activation={a} lang={lang} />
      ))}
    </ul>
  );
}

function OrderCard({ activation: a, lang }: { activation: Activation; lang: Lang }) {
  const { t } = useTranslation('orders');
  const row = useRow(a, lang);
  return (
    <li>
      <Link
        to={row.href}
        className="block rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300"
        aria-label={t('open', { service: a.service_name, date: row.date })}
      >
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-semibold text-slate-900">
            <ServiceIcon code={a.service_code} className="mr-1 inline-flex size-4 align-[-2px]" />{' '}
            {a.service_name}{' '}
            <span className="font-normal text-slate-600">
              · <CountryFlag code={a.country_code} className="mr-1 inline-flex align-[-2px]" /> {row.country}
            </span>
          </p>
          <StatusBadge status={a.status} />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('columns.number')}</dt>
          <dd className="text-right whitespace-nowrap tabular-nums">{row.number}</dd>
          <dt className="text-slate-500">{t('columns.code')}</dt>
          <dd className="text-right whitespace-nowrap font-mono tabular-nums">{row.code}</dd>
          <dt className="text-slate-500">{t('columns.date')}</dt>
          <dd className="text-right whitespace-nowrap tabular-nums">{row.date}</dd>
          <dt className="text-slate-500">{t('columns.price')}</dt>
          <dd className="text-right whitespace-nowrap font-semibold tabular-nums">
            {row.price}
            {a.settled === 'refunded' && (
              <span className="block text-xs font-normal text-emerald-700">{t('refunded')}</span>
            )}
          </dd>
        </dl>
      </Link>
    </li>
  );
}

function OrdersSkeleton({ label }: { label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-3" aria-hidden>
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-6 w-20 rounded-full" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    </div>
  );
}
