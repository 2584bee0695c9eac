import { ACTIVATION_STATUSES, type Activation, ActivationStatus } from '@numero/contract/activations';
import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { actionErrorText } from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { type Lang, normaliseLanguage } from '../../i18n/index.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { formatPhone } from './activation-format.ts';
import { ORDERS_PAGE_SIZE, useOrders } from './api/get-orders.ts';
import { ReuseNumber } from './components/reuse-number.tsx';
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
        {(items) => <OrdersTable items={items} lang={lang} />}
      </PagedList>
    </div>
  );
}

function OrdersTable({ items, lang }: { items: Activation[]; lang: Lang }) {
  const { t } = useTranslation('orders');
  const none = t('none');
  const date = (a: Activation) => formatDateTime(a.created_at, lang);
  return (
    <DataTable
      label={t('title')}
      testId="orders-table"
      rows={items}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ 'data-testid': 'order-row', 'data-status': a.status })}
      columns={[
        { header: t('columns.date'), className: 'tabular-nums', cell: date },
        {
          header: t('columns.service'),
          card: 'title',
          cell: (a, form) => (
            <Link
              to={`/dashboard/activations/${a.id}`}
              className={cn(
                'font-medium text-brand-800 hover:underline',
                form === 'card' && 'flex min-h-11 items-center gap-1',
              )}
              aria-label={t('open', { service: a.service_name, date: date(a) })}
            >
              <ServiceIcon
                code={a.service_code}
                name={a.service_name}
                className="mr-1 inline-flex size-4 shrink-0 align-[-2px]"
              />{' '}
              {a.service_name}
            </Link>
          ),
        },
        {
          header: t('columns.country'),
          cell: (a) => (
            <>
              <CountryFlag code={a.country_code} className="mr-1 inline-flex align-[-2px]" />{' '}
              {lang === 'en' ? a.country_name_en : a.country_name_pt}
            </>
          ),
        },
        {
          header: t('columns.number'),
          className: 'tabular-nums',
          cell: (a) => (a.phone_number ? formatPhone(a.phone_number) : none),
        },
        {
          header: t('columns.code'),
          className: 'font-mono tabular-nums',
          cellProps: () => ({ 'data-testid': 'order-code' }),
          cell: (a) => <span className="font-mono">{a.code ?? none}</span>,
        },
        { header: t('columns.status'), card: 'badge', cell: (a) => <StatusBadge status={a.status} /> },
        {
          header: t('columns.price'),
          numeric: true,
          cell: (a) => (
            <>
              <span className={a.settled === 'refunded' ? 'text-slate-500 line-through' : 'font-semibold'}>
                {formatMoney(a.price, a.currency, lang)}
              </span>
              {a.settled === 'refunded' && (
                <span className="block text-xs text-emerald-700">{t('refunded')}</span>
              )}
            </>
          ),
        },
        {
          header: t('columns.actions'),
          cell: (a) => (a.can_reuse ? <ReuseNumber activation={a} size="sm" /> : null),
        },
      ]}
    />
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
