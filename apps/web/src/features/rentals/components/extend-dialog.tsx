import { RENTAL_HOURS, type RentalDetail } from '@numero/contract/rentals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/feedback.tsx';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { newRentalKey, useExtendRental, useExtensionQuote } from '../api/rentals-api.ts';
import { durationLabel } from '../rental-format.ts';

/** Choose a duration, see its price first, then extend: charged once per confirmation (its own key). */
export function ExtendDialog({ rental, onClose }: { rental: RentalDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation('rentals');
  const [hours, setHours] = useState<number>(RENTAL_HOURS[0]);
  const [key] = useState(newRentalKey);
  const quote = useExtensionQuote(rental.id, hours, true);
  const extend = useExtendRental();
  const price = quote.data ? formatMoney(quote.data.price, quote.data.currency, i18n.language) : '';

  function confirm() {
    if (!quote.data) return;
    extend.mutate(
      { id: rental.id, hours, price: quote.data.price, key: `${key}-${hours}` },
      {
        onSuccess: (r) => {
          toast.success(t('actions.extended', { time: formatDateTime(r.ends_at ?? '', i18n.language) }));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t('extend.title')} closeLabel={t('common:close')}>
      <label htmlFor="extend-hours" className="mb-1 block text-sm font-medium text-slate-700">
        {t('extend.duration')}
      </label>
      <select
        id="extend-hours"
        value={hours}
        onChange={(e) => setHours(Number(e.target.value))}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
      >
        {RENTAL_HOURS.map((h) => (
          <option key={h} value={h}>
            {durationLabel(h, t)}
          </option>
        ))}
      </select>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-y-2 text-sm">
        <dt className="text-slate-600">{t('extend.price')}</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="extend-price">
          {quote.isPending ? <Skeleton className="ml-auto h-4 w-16" /> : price || '—'}
        </dd>
        <dt className="text-slate-600">{t('extend.newEnd')}</dt>
        <dd className="text-right tabular-nums">
          {quote.data ? formatDateTime(quote.data.ends_at_after, i18n.language) : '—'}
        </dd>
      </dl>
      <p className="mt-4 text-sm text-slate-600">{t('rules.extend')}</p>
      {(quote.error || extend.error) && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {((extend.error ?? quote.error) as ApiError).detail ?? t('rent.failed')}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('extend.cancel')}
        </Button>
        <Button
          onClick={confirm}
          loading={extend.isPending}
          disabled={!quote.data}
          data-testid="extend-confirm"
        >
          {t('extend.confirm', { price })}
        </Button>
      </div>
    </Dialog>
  );
}
