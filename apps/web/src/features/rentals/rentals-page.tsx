import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { useRentals } from './api/rentals-api.ts';
import { RentalStatusBadge } from './components/rental-status.tsx';
import { formatRentalPhone, splitSeconds } from './rental-format.ts';

/** /dashboard/rentals — "Minhas locações": every rental, the active ones with their time left. */
export function RentalsPage() {
  const { t, i18n } = useTranslation('rentals');
  const rentals = useRentals();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <KeyRound className="size-6" aria-hidden />
        {t('title')}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{t('intro')}</p>
      <div className="mt-6">
        {rentals.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : rentals.isError ? (
          <ErrorState
            message={t('loadError')}
            retryLabel={t('common:retry')}
            onRetry={() => void rentals.refetch()}
          />
        ) : rentals.data.items.length === 0 ? (
          <EmptyState title={t('empty')}>
            <p>{t('emptyHint')}</p>
            <Link to="/dashboard/products" className={`${buttonClasses('primary', 'md')} mt-4`}>
              {t('browse')}
            </Link>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="rentals-list">
            {rentals.data.items.map((r) => (
              <li key={r.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      <ServiceIcon code={r.service_code} name={r.service_name} className="size-4" />
                      {r.service_name}
                      <CountryFlag code={r.country_code} />
                      <RentalStatusBadge status={r.status} />
                    </p>
                    <p className="mt-1 font-mono text-sm text-slate-700">
                      {formatRentalPhone(r.phone_number)}
                    </p>
                    <p className="mt-1 text-xs text-slate-600">
                      {r.status === 'active'
                        ? `${t('fields.timeLeft')}: ${t('timeLeft', splitSeconds(r.seconds_left))} · `
                        : ''}
                      {t('fields.sms')}: {r.sms_count}
                    </p>
                  </div>
                  <div className="flex items-center gap-4">
                    <span className="text-right font-semibold tabular-nums">
                      {formatMoney(r.total_paid, r.currency, i18n.language)}
                    </span>
                    <Link to={`/dashboard/rentals/${r.id}`} className={buttonClasses('secondary', 'md')}>
                      {t('open')}
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
