import {
  ACTIVATION_STATUSES,
  ActivationStatus,
  type AdminOrder,
  ORDER_PAYMENT_STATUSES,
  OrderPaymentStatus,
} from '@numero/contract/activations';
import { BarChart3, CircleCheck, Download, KeyRound, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage, FiltersBar, PageHeader } from '../../components/admin-list-page.tsx';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import {
  actionErrorText,
  loadErrorText,
  StatCard,
  StatGrid,
  TableSkeleton,
  useSearchBox,
} from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Badge } from '../../components/ui/feedback.tsx';
import { SearchField, SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { formatDateTime, formatMoney, localeFor } from '../../i18n/format.ts';
import { type Lang, normaliseLanguage } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { formatPhone } from './activation-format.ts';
import { exportOrdersUrl } from './api/export-orders.ts';
import { ADMIN_ORDERS_PAGE_SIZE, useAdminOrders } from './api/get-admin-orders.ts';
import { useOrdersSummary } from './api/get-orders-summary.ts';
import { useOrderAction } from './api/order-actions.ts';
import { StatusBadge } from './components/status-badge.tsx';

const PAYMENT_TONE = { pending: 'warning', paid: 'success', refunded: 'info' } as const;

// The date sits under the order's id, day and time on two lines: the table then fits a laptop screen.
const formatDay = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'short' }).format(new Date(iso));
const formatTime = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(localeFor(lang), { timeStyle: 'short' }).format(new Date(iso));

/** The first characters of the id, as the table shows it and the search box accepts it. */
export const shortId = (id: string) => `#${id.slice(0, 8)}`;

/** /admin/orders: every customer's activations, searchable, with cancel-and-refund and finish. */
export function AdminOrdersPage() {
  const { t, i18n } = useTranslation('admin-orders');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { params, page, update, goToPage } = useListParams();
  const search = params.get('search') ?? '';
  const parsedStatus = ActivationStatus.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const parsedPayment = OrderPaymentStatus.safeParse(params.get('payment_status'));
  const paymentStatus = parsedPayment.success ? parsedPayment.data : undefined;
  const searchBox = useSearchBox(search, (text) => update({ search: text || null }));
  const filter = { search: search || undefined, status, payment_status: paymentStatus };

  const list = useAdminOrders({
    ...filter,
    skip: (page - 1) * ADMIN_ORDERS_PAGE_SIZE,
    limit: ADMIN_ORDERS_PAGE_SIZE,
    lang,
  });
  const summary = useOrdersSummary();
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const filtered = Boolean(search || status || paymentStatus);
  const pages = pageCount(list.data?.total ?? 0, ADMIN_ORDERS_PAGE_SIZE);
  const s = summary.data;
  // A card's number, a skeleton while loading, a dash if the summary failed (the table still works).
  const count = (pick: (d: NonNullable<typeof s>) => number) =>
    s ? pick(s) : summary.isError ? null : undefined;

  return (
    <AdminPage>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* Rentals are orders too, listed on their own page (their own statuses and money). */}
            <Link to="/admin/rentals" className={buttonClasses('secondary')} data-testid="orders-rentals">
              <KeyRound className="size-4" aria-hidden />
              {t('links.rentals')}
            </Link>
            <Link to="/admin/orders/reports" className={buttonClasses('secondary')}>
              <BarChart3 className="size-4" aria-hidden />
              {t('links.reports')}
            </Link>
            <Link to="/admin/orders/export" className={buttonClasses('secondary')}>
              {t('links.exportPage')}
            </Link>
            <a
              href={exportOrdersUrl(filter, lang)}
              download
              className={buttonClasses('primary')}
              // The name is the visible text (WCAG 2.5.3); what it exports is said in the tooltip.
              title={t('links.exportLabel')}
              data-testid="orders-export"
            >
              <Download className="size-4" aria-hidden />
              {t('links.export')}
            </a>
          </div>
        }
      />

      <div className="mt-6">
        <StatGrid label={t('summary.label')}>
          <StatCard
            label={t('summary.total')}
            value={count((d) => d.total)}
            hint={s ? t('summary.last24h', { count: s.last_24h }) : undefined}
            testId="summary-total"
          />
          <StatCard
            label={t('summary.inProgress')}
            value={count((d) => d.by_status.pending + d.by_status.waiting_sms)}
            hint={t('summary.inProgressHint')}
            tone="info"
            testId="summary-in-progress"
          />
          <StatCard
            label={t('summary.paid')}
            value={count((d) => d.by_payment_status.paid)}
            tone="success"
            testId="summary-paid"
          />
          <StatCard
            label={t('summary.refunded')}
            value={count((d) => d.by_payment_status.refunded)}
            tone="info"
            testId="summary-refunded"
          />
          <StatCard
            label={t('summary.pending')}
            value={count((d) => d.by_payment_status.pending)}
            tone="warning"
            testId="summary-pending"
          />
        </StatGrid>
      </div>

      <FiltersBar
        label={t('filters.label')}
        className="sm:grid-cols-2 lg:grid-cols-[1fr_14rem_14rem_auto] lg:items-end"
      >
        <SearchField
          className="sm:col-span-2 lg:col-span-1"
          label={t('filters.search')}
          value={searchBox.text}
          onChange={(e) => searchBox.onChange(e.target.value)}
          placeholder={t('filters.searchPlaceholder')}
          autoComplete="off"
        />
        <SelectField
          label={t('filters.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null })}
        >
          <option value="">{t('filters.allStatuses')}</option>
          {ACTIVATION_STATUSES.map((st) => (
            <option key={st} value={st}>
              {t(`activations:status.${st}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.payment')}
          value={paymentStatus ?? ''}
          onChange={(e) => update({ payment_status: e.target.value || null })}
        >
          <option value="">{t('filters.allPayments')}</option>
          {ORDER_PAYMENT_STATUSES.map((p) => (
            <option key={p} value={p}>
              {t(`payment.${p}`)}
            </option>
          ))}
        </SelectField>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => update({ search: null, status: null, payment_status: null })}
            icon={<X className="size-4" aria-hidden />}
          >
            {t('filters.clear')}
          </Button>
        )}
      </FiltersBar>

      <PagedList
        query={list}
        skeleton={<TableSkeleton label={t('loading')} />}
        errorMessage={(error) => loadErrorText(error, t)}
        retryLabel={t('common:retry')}
        empty={{ title: t('empty.title'), body: <p>{filtered ? t('empty.filtered') : t('empty.none')}</p> }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        totalTestId="list-total"
        labels={(total) => paginationLabels(t, { total, page, pages })}
      >
        {(items) => <OrdersTable items={items} lang={lang} onCancel={setCancelling} />}
      </PagedList>
      {cancelling && <CancelDialog order={cancelling} lang={lang} onClose={() => setCancelling(null)} />}
    </AdminPage>
  );
}

function OrdersTable({
  items,
  lang,
  onCancel,
}: {
  items: AdminOrder[];
  lang: Lang;
  onCancel: (order: AdminOrder) => void;
}) {
  const { t } = useTranslation('admin-orders');
  const finish = useOrderAction();
  const none = t('table.none');
  const runFinish = (o: AdminOrder) =>
    finish.mutate(
      { id: o.id, action: 'finish' },
      {
        onSuccess: () => toast.success(t('toasts.finished', { id: shortId(o.id) })),
        onError: (error) => toast.error(actionErrorText(error, t('errors.action'))),
      },
    );

  return (
    <DataTable
      label={t('table.label')}
      testId="admin-orders-table"
      wideFrom="lg"
      rows={items}
      rowKey={(o) => o.id}
      rowProps={(o) => ({ 'data-testid': 'admin-order-row', 'data-id': o.id, 'data-status': o.status })}
      columns={[
        {
          header: t('table.id'),
          cell: (o) => (
            <>
              <p className="font-mono text-xs text-slate-900" title={o.id}>
                {shortId(o.id)}
              </p>
              <time
                dateTime={o.created_at}
                title={formatDateTime(o.created_at, lang)}
                className="tabular-nums"
              >
                <span className="block text-xs text-slate-600">{formatDay(o.created_at, lang)}</span>
                <span className="block text-xs text-slate-600">{formatTime(o.created_at, lang)}</span>
              </time>
            </>
          ),
        },
        {
          header: t('table.customer'),
          // Names, services and buttons wrap, anywhere if need be (a name may be a long address without a
          // space), so nine columns fit a laptop's width without a sideways box.
          className: 'whitespace-normal wrap-anywhere',
          cell: (o) => (
            <>
              <p className="font-medium text-slate-900">{o.user_name}</p>
              <p className="truncate text-xs text-slate-600 md:max-w-48" title={o.user_email}>
                {o.user_email}
              </p>
            </>
          ),
        },
        {
          header: t('table.service'),
          card: 'title',
          className: 'whitespace-normal wrap-anywhere',
          cell: (o) => (
            <>
              <p>
                <ServiceIcon
                  code={o.service_code}
                  name={o.service_name}
                  className="mr-1 inline-flex size-4 align-[-2px]"
                />{' '}
                {o.service_name}
              </p>
              <p className="text-xs font-normal text-slate-600">
                <CountryFlag code={o.country_code} className="mr-1 inline-flex align-[-2px]" />{' '}
                {o.country_name}
              </p>
            </>
          ),
        },
        {
          header: t('table.number'),
          className: 'tabular-nums',
          cell: (o) => (o.phone_number ? formatPhone(o.phone_number) : none),
        },
        {
          header: t('table.code'),
          className: 'font-mono tabular-nums',
          cellProps: () => ({ 'data-testid': 'order-code' }),
          cell: (o) => o.code ?? none,
        },
        { header: t('table.status'), card: 'badge', cell: (o) => <StatusBadge status={o.status} /> },
        {
          header: t('table.payment'),
          cell: (o) => (
            <span data-testid="payment-status" data-payment={o.payment_status}>
              <Badge tone={PAYMENT_TONE[o.payment_status]}>{t(`payment.${o.payment_status}`)}</Badge>
            </span>
          ),
        },
        {
          header: t('table.price'),
          numeric: true,
          cellProps: () => ({ 'data-testid': 'order-price' }),
          cell: (o) => (
            <span className={o.payment_status === 'refunded' ? 'text-slate-500 line-through' : undefined}>
              {formatMoney(o.price, o.currency, lang)}
            </span>
          ),
        },
        {
          header: t('table.actions'),
          card: 'actions',
          // relative: the screen-reader-only text is positioned inside the cell, not past the page's edge.
          className: 'relative whitespace-normal wrap-anywhere',
          cell: (o, form) =>
            o.can_cancel ? (
              <Button
                variant="secondary"
                onClick={() => onCancel(o)}
                aria-label={t('actions.cancelLabel', { id: shortId(o.id) })}
                icon={<Undo2 className="size-4" aria-hidden />}
              >
                {t('actions.refund')}
              </Button>
            ) : o.can_finish ? (
              <Button
                variant="secondary"
                onClick={() => runFinish(o)}
                loading={finish.isPending && finish.variables?.id === o.id}
                aria-label={t('actions.finishLabel', { id: shortId(o.id) })}
                icon={<CircleCheck className="size-4" aria-hidden />}
              >
                {t('actions.finish')}
              </Button>
            ) : form === 'card' ? null : (
              <>
                <span aria-hidden>{none}</span>
                <span className="sr-only">{t('actions.noActions')}</span>
              </>
            ),
        },
      ]}
    />
  );
}

/** Refunding moves a customer's money: asked first, with the amount and who gets it back. */
function CancelDialog({ order, lang, onClose }: { order: AdminOrder; lang: Lang; onClose: () => void }) {
  const { t } = useTranslation('admin-orders');
  const cancel = useOrderAction();
  const id = shortId(order.id);
  const amount = formatMoney(order.price, order.currency, lang);
  const confirm = () =>
    cancel.mutate(
      { id: order.id, action: 'cancel' },
      {
        onSuccess: () => {
          toast.success(t('toasts.cancelled', { id, amount }));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} title={t('cancelDialog.title', { id })} closeLabel={t('common:close')}>
      <p className="text-slate-700">{t('cancelDialog.text', { amount, customer: order.user_name })}</p>
      {cancel.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {actionErrorText(cancel.error, t('errors.action'))}
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('cancelDialog.keep')}
        </Button>
        <Button variant="danger" onClick={confirm} loading={cancel.isPending}>
          {cancel.isPending ? t('cancelDialog.busy') : t('cancelDialog.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
