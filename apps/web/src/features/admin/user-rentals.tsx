import type { StaffRentalsPage } from '@numero/contract/rentals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/ui/data-table.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { api } from '../../lib/api-client.ts';
import { adminKeys } from './api/keys.ts';

/** The user's rentals on their detail page (GET /api/v1/admin/rentals?user_id=), newest first. */
export function UserRentals({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('admin-user-detail');
  // Statuses read as the rentals feature names them (texts only: no feature is imported).
  const { t: tRentals } = useTranslation('rentals');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const rentals = useQuery({
    queryKey: [...adminKeys.all, 'rentals', userId],
    queryFn: () =>
      api<StaffRentalsPage>(`/api/v1/admin/rentals?user_id=${encodeURIComponent(userId)}&limit=20`),
  });
  const rows = rentals.data?.items ?? [];
  return (
    <section className="mt-8" data-testid="user-rentals">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('rentals.title')}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{rentals.isPending ? t('loading') : t('empty')}</p>
      ) : (
        <DataTable
          label={t('rentals.title')}
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { header: t('rentals.when'), cell: (r) => formatDateTime(r.created_at, lang) },
            {
              header: t('rentals.number'),
              card: 'title',
              cell: (r) => `${r.service_code.toUpperCase()} · ${r.country_code} · +${r.phone_number ?? '—'}`,
            },
            { header: t('rentals.hours'), cell: (r) => `${r.hours} h · ${r.sms_count} SMS` },
            { header: t('rentals.status'), card: 'badge', cell: (r) => tRentals(`status.${r.status}`) },
            {
              header: t('rentals.paid'),
              numeric: true,
              cell: (r) => formatMoney(r.total_paid, r.currency, lang),
            },
          ]}
        />
      )}
    </section>
  );
}
