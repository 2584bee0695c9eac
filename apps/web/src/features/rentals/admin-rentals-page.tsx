import { type RentalStatus, type StaffRentalsPage, RentalStatus as Statuses } from '@numero/contract/rentals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../components/admin-list-page.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { api } from '../../lib/api-client.ts';
import { rentalKeys } from './api/rentals-api.ts';
import { RentalStatusBadge } from './components/rental-status.tsx';
import { durationLabel, formatRentalPhone } from './rental-format.ts';

/** /admin/rentals — every customer's rentals, newest first, filtered by status (staff). */
export function AdminRentalsPage() {
  const { t, i18n } = useTranslation('rentals');
  const [status, setStatus] = useState<RentalStatus | ''>('');
  const rentals = useQuery({
    queryKey: [...rentalKeys.all, 'admin', status],
    queryFn: () =>
      api<StaffRentalsPage>(`/api/v1/admin/rentals?limit=100${status ? `&status=${status}` : ''}`),
  });
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <AdminPage width="6xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t('admin.title')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('admin.intro')}</p>
      <label htmlFor="rentals-status" className="mt-6 mb-1 block text-sm font-medium text-slate-700">
        {t('admin.status')}
      </label>
      <select
        id="rentals-status"
        value={status}
        onChange={(e) => setStatus(e.target.value as RentalStatus | '')}
        className="block min-h-11 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm"
      >
        <option value="">{t('admin.all')}</option>
        {Statuses.options.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </select>
      <div className="mt-6">
        {rentals.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : rentals.isError ? (
          <ErrorState
            message={t('loadError')}
            retryLabel={t('common:retry')}
            onRetry={() => void rentals.refetch()}
          />
        ) : rentals.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.empty')}</p>
        ) : (
          <DataTable
            label={t('admin.title')}
            rows={rentals.data.items}
            rowKey={(r) => r.id}
            columns={[
              { header: t('admin.when'), cell: (r) => formatDateTime(r.created_at, lang) },
              {
                header: t('admin.customer'),
                card: 'title',
                cell: (r) => <Link to={`/admin/users/${r.user_id}`}>{r.user_email}</Link>,
              },
              {
                header: t('fields.number'),
                cell: (r) => `${r.service_name} · ${r.country_code} · ${formatRentalPhone(r.phone_number)}`,
              },
              {
                header: t('admin.duration'),
                cell: (r) => `${durationLabel(r.hours, t)} · ${r.sms_count} SMS`,
              },
              {
                header: t('admin.status'),
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
      </div>
    </AdminPage>
  );
}
