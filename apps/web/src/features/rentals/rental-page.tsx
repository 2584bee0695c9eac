import type { RentalDetail } from '@numero/contract/rentals';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CopyButton } from '../../components/copy-field.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { toast } from '../../lib/toast.ts';
import { useEndRental, useRental } from './api/rentals-api.ts';
import { ExtendDialog } from './components/extend-dialog.tsx';
import { RentalInbox } from './components/rental-inbox.tsx';
import { RentalStatusBadge } from './components/rental-status.tsx';
import { formatRentalPhone, splitSeconds } from './rental-format.ts';

const backLink =
  'inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900';

/** /dashboard/rentals/:id — the number, time left, its inbox arriving live, and extend/cancel/finish. */
export function RentalPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('rentals');
  const rental = useRental(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to="/dashboard/rentals" className={backLink}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      <div className="mt-6">
        {rental.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : rental.isError ? (
          rental.error && 'status' in rental.error && rental.error.status === 404 ? (
            <EmptyState title={t('notFound')} />
          ) : (
            <ErrorState
              message={t('loadError')}
              retryLabel={t('common:retry')}
              onRetry={() => void rental.refetch()}
            />
          )
        ) : (
          <RentalView rental={rental.data} receivedAt={rental.dataUpdatedAt} />
        )}
      </div>
    </div>
  );
}

/** Seconds left, ticking each second from the server's figure at the moment it arrived. */
function useSecondsLeft(seconds: number, receivedAt: number, running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, seconds - Math.floor((now - receivedAt) / 1000));
}

function RentalView({ rental: r, receivedAt }: { rental: RentalDetail; receivedAt: number }) {
  const { t, i18n } = useTranslation('rentals');
  const [extending, setExtending] = useState(false);
  const end = useEndRental();
  const left = splitSeconds(useSecondsLeft(r.seconds_left, receivedAt, r.status === 'active'));
  const money = (cents: number) => formatMoney(cents, r.currency, i18n.language);

  function finishOrCancel(action: 'cancel' | 'finish') {
    if (action === 'finish' && !window.confirm(t('actions.finishConfirm'))) return;
    const paid = r.total_paid;
    end.mutate(
      { id: r.id, action },
      {
        onSuccess: () =>
          toast.success(
            action === 'cancel' ? t('actions.cancelled', { amount: money(paid) }) : t('actions.finished'),
          ),
        onError: (err) => toast.error('detail' in err && err.detail ? String(err.detail) : t('rent.failed')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <ServiceIcon code={r.service_code} name={r.service_name} className="size-5" />
            {r.service_name}
            <CountryFlag code={r.country_code} />
          </h1>
          <RentalStatusBadge status={r.status} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <span className="font-mono text-2xl font-semibold tracking-wide" data-testid="rental-phone">
            {formatRentalPhone(r.phone_number)}
          </span>
          {r.phone_number && (
            <CopyButton
              value={`+${r.phone_number}`}
              label={t('inbox.copy')}
              copiedLabel={t('inbox.copied')}
            />
          )}
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">{t('fields.timeLeft')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="rental-time-left">
              {r.status === 'active' ? t('timeLeft', left) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('fields.endsAt')}</dt>
            <dd className="tabular-nums" data-testid="rental-ends-at">
              {r.ends_at ? formatDateTime(r.ends_at, i18n.language) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('fields.paid')}</dt>
            <dd className="text-right font-semibold tabular-nums sm:text-left" data-testid="rental-paid">
              {money(r.total_paid)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('fields.sms')}</dt>
            <dd className="tabular-nums">{r.sms_count}</dd>
          </div>
        </dl>
        <section
          className="mt-5 rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
          aria-label={t('rules.title')}
        >
          {r.refundable_until && (
            <p data-testid="rental-refund-rule">
              {t('rules.refundUntil', { time: formatDateTime(r.refundable_until, i18n.language) })}
            </p>
          )}
          <p>{t('rules.noRefund')}</p>
          <p>{t('rules.extend')}</p>
        </section>
        {r.status === 'active' && (
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            {r.can_extend && (
              <Button onClick={() => setExtending(true)} data-testid="rental-extend">
                {t('actions.extend')}
              </Button>
            )}
            {r.can_cancel && (
              <Button
                variant="secondary"
                onClick={() => finishOrCancel('cancel')}
                loading={end.isPending}
                data-testid="rental-cancel"
              >
                {t('actions.cancel')}
              </Button>
            )}
            {r.can_finish && (
              <Button
                variant="secondary"
                onClick={() => finishOrCancel('finish')}
                loading={end.isPending}
                data-testid="rental-finish"
              >
                {t('actions.finish')}
              </Button>
            )}
          </div>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('inbox.title')}</h2>
        <RentalInbox messages={r.messages} waiting={r.status === 'active'} />
      </Card>
      {extending && <ExtendDialog rental={r} onClose={() => setExtending(false)} />}
    </div>
  );
}
