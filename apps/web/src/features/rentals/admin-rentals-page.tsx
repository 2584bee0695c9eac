import { RentalStatus } from '@numero/contract/rentals';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage, FiltersBar, PageHeader } from '../../components/admin-list-page.tsx';
import { loadErrorText, TableSkeleton } from '../../components/list-parts.tsx';
import { PagedList } from '../../components/paged-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { pageCount, paginationLabels } from '../../components/ui/pagination.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { ADMIN_RENTALS_PAGE_SIZE, useAdminRentals } from './api/get-admin-rentals.ts';
import { RentalStatusBadge } from './components/rental-status.tsx';
import { durationLabel, formatRentalPhone } from './rental-format.ts';

/** /admin/rentals — every customer's rentals, newest first, filtered by status and paged on the server (staff). */
export function AdminRentalsPage() {
  const { t, i18n } = useTranslation('rentals');
  // The staff list's own texts (heading, filters, pagination, errors) sit under `admin.`.
  const { t: ta } = useTranslation('rentals', { keyPrefix: 'admin' });
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { params, page, update, goToPage } = useListParams();
  const parsed = RentalStatus.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const rentals = useAdminRentals({ skip: (page - 1) * ADMIN_RENTALS_PAGE_SIZE, status });
  const pages = pageCount(rentals.data?.total ?? 0, ADMIN_RENTALS_PAGE_SIZE);

  return (
    <AdminPage>
      <PageHeader
        back={{ to: '/admin/orders', label: ta('back') }}
        title={ta('title')}
        subtitle={ta('intro')}
      />
      <FiltersBar label={ta('filters')} className="sm:grid-cols-[16rem_auto] sm:items-end">
        <SelectField
          label={ta('status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || null })}
        >
          <option value="">{ta('all')}</option>
          {RentalStatus.options.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
        {status && (
          <Button
            variant="ghost"
            className="justify-self-start"
            onClick={() => update({ status: null })}
            icon={<X className="size-4" aria-hidden />}
          >
            {ta('clear')}
          </Button>
        )}
      </FiltersBar>
      <PagedList
        query={rentals}
        skeleton={<TableSkeleton label={ta('loading')} />}
        errorMessage={(error) => loadErrorText(error, ta)}
        retryLabel={t('common:retry')}
        empty={{ title: ta('empty'), body: status ? ta('emptyFiltered') : undefined }}
        page={page}
        pages={pages}
        onPageChange={goToPage}
        totalTestId="list-total"
        labels={(total) => paginationLabels(ta, { total, page, pages })}
      >
        {(items) => (
          <DataTable
            label={ta('title')}
            testId="admin-rentals-table"
            rows={items}
            rowKey={(r) => r.id}
            columns={[
              { header: ta('when'), cell: (r) => formatDateTime(r.created_at, lang) },
              {
                header: ta('customer'),
                card: 'title',
                cell: (r) => (
                  <Link to={`/admin/users/${r.user_id}`} className="text-brand-800 hover:underline">
                    {r.user_email}
                  </Link>
                ),
              },
              {
                header: t('fields.number'),
                cell: (r) => `${r.service_name} · ${r.country_code} · ${formatRentalPhone(r.phone_number)}`,
              },
              {
                header: ta('duration'),
                cell: (r) => `${durationLabel(r.hours, t)} · ${r.sms_count} SMS`,
              },
              {
                header: ta('status'),
                card: 'badge',
                cell: (r) => <RentalStatusBadge status={r.status} />,
              },
              {
                header: t('fields.paid'),
                numeric: true,
                cell: (r) => formatMoney(r.total_paid, r.currency, lang),
              },
            ]}
          />
        )}
      </PagedList>
    </AdminPage>
  );
}
