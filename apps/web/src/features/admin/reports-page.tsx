import {
  REPORT_PERIODS,
  type ReportPeriod,
  type ReportsResponse,
  type RevenuePoint,
} from '@numero/contract/admin-reports';
import { CircleCheck, Download, KeyRound, RotateCcw, Wallet } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage, PageHeader } from '../../components/admin-list-page.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardTitle } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState, Skeleton, Spinner } from '../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { formatMoney, localeFor } from '../../i18n/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useReports } from './api/get-reports.ts';
import { downloadCsv, toCsv } from './csv.ts';
import { dashboardErrorMessage } from './error-message.ts';

// Chart.js comes in its own chunk, only when a reports page opens.
const RevenueChart = lazy(() => import('./components/revenue-chart.tsx'));

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/reports (ADMIN and MANAGER): revenue over time, what sells, success and refund rates, top-ups.
 * `ordersOnly` is /admin/orders/reports (linked from the orders screen, spec §2): the orders part of the
 * same figures, which says so and links to the whole report.
 */
export function ReportsPage({ ordersOnly = false }: { ordersOnly?: boolean }) {
  const { t, i18n } = useTranslation('admin-reports');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { params, update } = useListParams({ replace: true });
  const rawPeriod = params.get('period');
  const period = (REPORT_PERIODS as readonly string[]).includes(rawPeriod ?? '')
    ? (rawPeriod as ReportPeriod)
    : 'day';
  const from = DAY_RE.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY_RE.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const reports = useReports({ period, from, to });

  return (
    <AdminPage>
      <PageHeader
        back={{
          to: ordersOnly ? '/admin/orders' : '/admin',
          label: ordersOnly ? t('backOrders') : t('back'),
        }}
        title={ordersOnly ? t('ordersTitle') : t('title')}
        subtitle={
          ordersOnly ? (
            // Two routes, one set of figures: this one says so and leads to the whole.
            <>
              {t('ordersNote')}{' '}
              <Link
                to={{ pathname: '/admin/reports', search: params.toString() }}
                className="font-medium text-brand-800 underline"
              >
                {t('fullReport')}
              </Link>
              .
            </>
          ) : (
            t('subtitle')
          )
        }
        subtitleTestId={ordersOnly ? 'orders-reports-note' : undefined}
      />
      <div className="mt-6 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('period.label')}
          value={period}
          onChange={(e) => update({ period: e.target.value === 'day' ? null : e.target.value })}
        >
          {REPORT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('from')}
          type="date"
          value={from ?? ''}
          onChange={(e) => update({ from: e.target.value || null })}
        />
        <TextField
          label={t('to')}
          type="date"
          value={to ?? ''}
          onChange={(e) => update({ to: e.target.value || null })}
        />
      </div>
      <div className="mt-6">
        {reports.isPending ? (
          <Spinner label={t('loading')} className="min-h-40" />
        ) : reports.isError ? (
          <ErrorState
            message={dashboardErrorMessage(reports.error, t)}
            retryLabel={t('retry')}
            onRetry={() => void reports.refetch()}
          />
        ) : (
          <Figures report={reports.data} lang={lang} ordersOnly={ordersOnly} />
        )}
      </div>
    </AdminPage>
  );
}

function Section({ title, csv, children }: { title: string; csv: () => void; children: ReactNode }) {
  const { t } = useTranslation('admin-reports');
  return (
    <Card>
      <CardTitle
        action={
          <Button
            size="sm"
            variant="secondary"
            icon={<Download className="size-4" aria-hidden />}
            onClick={csv}
          >
            {t('csv', { table: title })}
          </Button>
        }
      >
        {title}
      </CardTitle>
      {children}
    </Card>
  );
}

function Figures({
  report: r,
  lang,
  ordersOnly,
}: {
  report: ReportsResponse;
  lang: string;
  ordersOnly: boolean;
}) {
  const { t } = useTranslation('admin-reports');
  const brl = (c: number) => formatMoney(c, 'BRL', lang);
  const usd = (c: number) => formatMoney(c, 'USD', lang);
  const pct = (x: number) =>
    new Intl.NumberFormat(localeFor(lang), { style: 'percent', maximumFractionDigits: 1 }).format(x);
  const formatLabel = useCallback(
    (bucket: string) =>
      new Intl.DateTimeFormat(localeFor(lang), {
        timeZone: 'UTC',
        ...(r.period === 'month'
          ? { month: 'short', year: 'numeric' }
          : { day: '2-digit', month: '2-digit' }),
      }).format(new Date(`${bucket}T00:00:00Z`)),
    [lang, r.period],
  );
  const totals = useMemo(() => {
    const sum = (pick: (p: RevenuePoint) => number) => r.revenue.reduce((s, p) => s + pick(p), 0);
    return {
      BRL: sum((p) => p.BRL),
      USD: sum((p) => p.USD),
      orders: sum((p) => p.orders),
      rentalsBRL: sum((p) => p.rentals_BRL),
      rentalsUSD: sum((p) => p.rentals_USD),
      rentals: sum((p) => p.rentals),
    };
  }, [r.revenue]);
  const labels = useMemo(
    () => ({
      brl: t('revenue.brl'),
      usd: t('revenue.usd'),
      rentalsBrl: t('revenue.rentalsBrl'),
      rentalsUsd: t('revenue.rentalsUsd'),
      orders: t('revenue.orders'),
      rentals: t('revenue.rentals'),
      summary: t('revenue.summary', {
        total: formatMoney(totals.BRL, 'BRL', lang),
        rentals: formatMoney(totals.rentalsBRL, 'BRL', lang),
        orders: totals.orders,
        rentalCount: totals.rentals,
      }),
    }),
    [t, totals, lang],
  );
  const file = (name: string) => `${name}-${r.from}-${r.to}.csv`;
  const topTable = (title: string, name: string, rows: ReportsResponse['top_services']) => (
    <Section
      title={title}
      csv={() =>
        downloadCsv(
          file(name),
          toCsv(
            [t('top.code'), t('top.name'), t('top.orders'), t('top.captured'), 'BRL', 'USD'],
            rows.map((x) => [x.code, x.name, x.orders, x.captured, x.revenue_brl / 100, x.revenue_usd / 100]),
          ),
        )
      }
    >
      <DataTable
        label={title}
        rows={rows}
        rowKey={(x) => x.code}
        columns={[
          { header: t('top.name'), card: 'title', cell: (x) => `${x.name} (${x.code})` },
          { header: t('top.orders'), numeric: true, cell: (x) => x.orders },
          { header: t('top.captured'), numeric: true, cell: (x) => x.captured },
          {
            header: t('top.revenue'),
            numeric: true,
            cell: (x) =>
              x.revenue_usd ? `${brl(x.revenue_brl)} · ${usd(x.revenue_usd)}` : brl(x.revenue_brl),
          },
        ]}
      />
      {rows.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('empty')}</p>}
    </Section>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="report-rates">
        <StatCard
          icon={CircleCheck}
          testId="rate-success"
          label={t('rates.success')}
          value={pct(r.rates.success_rate)}
          hint={t('rates.settled', { count: r.rates.settled })}
        />
        <StatCard
          icon={RotateCcw}
          testId="rate-refund"
          label={t('rates.refund')}
          value={pct(r.rates.refund_rate)}
          hint={t('rates.refunded', { count: r.rates.refunded })}
        />
        <StatCard
          icon={Wallet}
          testId="revenue-total"
          label={t('revenue.total')}
          value={brl(totals.BRL)}
          hint={usd(totals.USD)}
        />
        <StatCard
          icon={KeyRound}
          testId="revenue-rentals"
          label={t('revenue.rentalsTotal')}
          value={brl(totals.rentalsBRL)}
          hint={t('revenue.rentalsHint', { count: totals.rentals, usd: usd(totals.rentalsUSD) })}
        />
      </div>
      <Section
        title={t('revenue.title')}
        csv={() =>
          downloadCsv(
            file('revenue'),
            toCsv(
              [
                t('revenue.bucket'),
                'BRL',
                'USD',
                t('revenue.orders'),
                t('revenue.rentalsBrl'),
                t('revenue.rentalsUsd'),
                t('revenue.rentals'),
              ],
              r.revenue.map((p) => [
                p.bucket,
                p.BRL / 100,
                p.USD / 100,
                p.orders,
                p.rentals_BRL / 100,
                p.rentals_USD / 100,
                p.rentals,
              ]),
            ),
          )
        }
      >
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <RevenueChart points={r.revenue} labels={labels} formatLabel={formatLabel} />
        </Suspense>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        {topTable(t('top.services'), 'services', r.top_services)}
        {topTable(t('top.countries'), 'countries', r.top_countries)}
      </div>
      {!ordersOnly && (
        <Section
          title={t('topups.title')}
          csv={() =>
            downloadCsv(
              file('topups'),
              toCsv(
                [t('topups.method'), t('topups.currency'), t('topups.count'), t('topups.amount')],
                r.topups_by_method.map((x) => [x.method, x.currency, x.count, x.amount / 100]),
              ),
            )
          }
        >
          <DataTable
            label={t('topups.title')}
            bodyTestId="topups-table"
            rows={r.topups_by_method}
            rowKey={(x) => `${x.method}-${x.currency}`}
            columns={[
              {
                header: t('topups.method'),
                card: 'title',
                cell: (x) => t(`methods.${x.method}`, { defaultValue: x.method }),
              },
              { header: t('topups.currency'), card: 'badge', cell: (x) => x.currency },
              { header: t('topups.count'), numeric: true, cell: (x) => x.count },
              {
                header: t('topups.amount'),
                numeric: true,
                cell: (x) => formatMoney(x.amount, x.currency, lang),
              },
            ]}
          />
          {r.topups_by_method.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('empty')}</p>}
          <p className="mt-3 text-sm text-slate-600">
            {t('adjustments', {
              count: r.adjustments.count,
              brl: brl(r.adjustments.BRL),
              usd: usd(r.adjustments.USD),
            })}
          </p>
        </Section>
      )}
    </div>
  );
}
