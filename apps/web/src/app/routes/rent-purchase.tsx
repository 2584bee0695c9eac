import type { ProductOffer } from '@numero/contract/catalog';
import { CircleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { newRentalKey, useRent, useRentalQuote } from '../../features/rentals/api/rentals-api.ts';
import { durationLabel } from '../../features/rentals/rental-format.ts';
import { useWallets } from '../../features/wallet/api/get-wallets.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';

export type PurchaseMode = 'activation' | 'rental';

const choice = (on: boolean) =>
  cn(
    'flex min-h-11 flex-1 cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm',
    on ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-300 bg-white',
  );

/** "Ativação" or "Locação" at the top of the purchase dialog; shown only for a product that can be rented. */
export function PurchaseModeSwitch({
  offer,
  mode,
  onChange,
}: {
  offer: ProductOffer;
  mode: PurchaseMode;
  onChange: (mode: PurchaseMode) => void;
}) {
  const { t } = useTranslation('rentals');
  const quote = useRentalQuote(offer.id, offer.currency);
  if (!quote.data?.rentable) return null;
  return (
    <fieldset className="mb-4" data-testid="purchase-mode">
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('rent.mode')}</legend>
      <div className="flex gap-2">
        {(['activation', 'rental'] as const).map((m) => (
          <label key={m} className={choice(mode === m)}>
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <input
                type="radio"
                name="purchase-mode"
                value={m}
                checked={mode === m}
                onChange={() => onChange(m)}
                className="size-4 accent-brand-700"
              />
              {t(`rent.${m}`)}
            </span>
            <span className="text-xs text-slate-600">{t(`rent.${m}Hint`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The rental side of the purchase dialog: a duration, its price and the rules, then rent from the wallet. */
export function RentForm({ offer, onClose }: { offer: ProductOffer; onClose: () => void }) {
  const { t, i18n } = useTranslation('rentals');
  const navigate = useNavigate();
  const quote = useRentalQuote(offer.id, offer.currency);
  const wallets = useWallets();
  const rent = useRent();
  const [hours, setHours] = useState<number | null>(null);
  const [key, setKey] = useState(newRentalKey);
  const durations = quote.data?.durations ?? [];
  const chosen = durations.find((d) => d.hours === hours) ?? durations[0];
  const balance = wallets.data?.items.find((w) => w.currency === offer.currency)?.balance ?? 0;
  const money = (cents: number) => formatMoney(cents, offer.currency, i18n.language);
  const short = chosen !== undefined && !wallets.isPending && balance < chosen.price;
  const error = rent.error instanceof ApiError ? rent.error : null;

  function submit() {
    if (!chosen) return;
    rent.mutate(
      {
        body: {
          product_id: offer.id,
          currency: offer.currency,
          hours: chosen.hours,
          expected_price: chosen.price,
        },
        key: `${key}-${chosen.hours}`,
      },
      {
        onSuccess: (rental) => {
          toast.success(t('rent.success'));
          onClose();
          navigate(`/dashboard/rentals/${rental.id}`);
        },
        onError: (err) => {
          // Answered: the next try is a new rental. After a network error the key stays, in case it went through.
          if (err instanceof ApiError && !err.isNetworkError) setKey(newRentalKey());
        },
      },
    );
  }

  if (quote.isPending) return <Skeleton className="h-40 w-full" />;
  if (!chosen) return <p className="text-sm text-slate-600">{t('rent.unavailable')}</p>;
  return (
    <div data-testid="rent-form">
      <label htmlFor="rent-hours" className="mb-1 block text-sm font-medium text-slate-700">
        {t('rent.duration')}
      </label>
      <select
        id="rent-hours"
        value={chosen.hours}
        onChange={(e) => setHours(Number(e.target.value))}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
      >
        {durations.map((d) => (
          <option key={d.hours} value={d.hours}>
            {durationLabel(d.hours, t)} — {money(d.price)}
          </option>
        ))}
      </select>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-y-2 text-sm">
        <dt className="text-slate-600">{t('rent.price')}</dt>
        <dd className="text-right text-base font-semibold tabular-nums" data-testid="rent-price">
          {money(chosen.price)}
        </dd>
        <dt className="text-slate-600">{t('rent.balance')}</dt>
        <dd className="text-right tabular-nums">{wallets.isPending ? '—' : money(balance)}</dd>
        <dt className="text-slate-600">{t('rent.after')}</dt>
        <dd className="text-right font-semibold tabular-nums">
          {short ? '—' : money(balance - chosen.price)}
        </dd>
      </dl>
      <p className="mt-4 text-sm text-slate-600" data-testid="rent-rules">
        {t('rules.window', { minutes: quote.data?.cancel_window_minutes ?? 20 })} {t('rules.extend')}
      </p>
      {(short || error) && (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{error?.detail ?? (short ? t('rent.insufficient') : t('rent.failed'))}</span>
          </p>
          {short && (
            <Link to="/dashboard/balance" className={buttonClasses('secondary', 'md')} onClick={onClose}>
              <Wallet className="size-4" aria-hidden />
              {t('rent.topUp')}
            </Link>
          )}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('extend.cancel')}
        </Button>
        <Button onClick={submit} loading={rent.isPending} disabled={short} data-testid="rent-submit">
          {rent.isPending ? t('rent.busy') : t('rent.submit', { price: money(chosen.price) })}
        </Button>
      </div>
    </div>
  );
}
