import type { ProductOffer } from '@numero/contract/catalog';
import { CircleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CountryFlag, ServiceIcon } from '../../components/brand-icons.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { useCreateActivation } from '../../features/activations/api/create-activation.ts';
import { newIdempotencyKey } from '../../features/activations/api/idempotency-key.ts';
import { balanceAfter } from '../../features/catalog/search.ts';
import { useBalance } from '../../features/wallet/api/get-balance.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * Shows what the purchase costs and what the balance will be, then buys and opens the activation.
 * Mounted per chosen offer, so each opening is a new purchase attempt with its own idempotency key.
 */
export function PurchaseDialog({ offer, onClose }: { offer: ProductOffer; onClose: () => void }) {
  const { t, i18n } = useTranslation('products');
  const navigate = useNavigate();
  const purchase = useCreateActivation();
  const currency = offer.currency;
  const balance = useBalance(currency);
  // A double click or a retry after a lost response reuses the key, so it cannot buy twice.
  const [key, setKey] = useState(newIdempotencyKey);

  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const current = balance.data?.balance ?? null;
  const after = current === null ? null : balanceAfter(current, offer.price);
  const insufficient = current !== null && after === null;
  const error = purchase.error;
  const outOfMoney = insufficient || (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS');

  function buy() {
    purchase.mutate(
      { body: { product_id: offer.id, currency: offer.currency }, idempotencyKey: key },
      {
        onSuccess: (activation) => {
          toast.success(t('confirm.success'));
          onClose();
          navigate(`/dashboard/activations/${activation.id}`);
        },
        onError: (err) => {
          // The server answered: that attempt is settled, so trying again is a new purchase. After a
          // network error the same key is kept, in case the first attempt went through.
          if (err instanceof ApiError && !err.isNetworkError) setKey(newIdempotencyKey());
          void balance.refetch();
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t('confirm.title')} closeLabel={t('common:close')}>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm" data-testid="purchase-summary">
        <dt className="text-slate-600">{t('confirm.service')}</dt>
        <dd className="pl-4 text-right font-medium">
          <span className="inline-flex items-center gap-2">
            <ServiceIcon code={offer.service_code} className="size-4" />
            {offer.service_name}
          </span>
        </dd>
        <dt className="text-slate-600">{t('confirm.country')}</dt>
        <dd className="pl-4 text-right font-medium">
          <span className="inline-flex items-center gap-2">
            <CountryFlag code={offer.country_code} />
            {offer.country_name} ({offer.dial_code})
          </span>
        </dd>
        <dt className="text-slate-600">{t('confirm.price')}</dt>
        <dd className="pl-4 text-right text-base font-semibold tabular-nums" data-testid="purchase-price">
          {money(offer.price)}
        </dd>
        <dt className="border-t border-slate-100 pt-2 text-slate-600">{t('confirm.balance')}</dt>
        <dd
          className="border-t border-slate-100 pt-2 pl-4 text-right tabular-nums"
          data-testid="purchase-balance"
        >
          {current === null ? <Skeleton className="ml-auto h-4 w-16" /> : money(current)}
        </dd>
        <dt className="text-slate-600">{t('confirm.after')}</dt>
        <dd className="pl-4 text-right font-semibold tabular-nums" data-testid="purchase-balance-after">
          {after === null ? '—' : money(after)}
        </dd>
      </dl>

      <p className="mt-4 text-sm text-slate-600">{t('confirm.note')}</p>

      {(outOfMoney || error) && (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {error instanceof ApiError && error.detail
                ? error.detail
                : insufficient
                  ? t('confirm.insufficient')
                  : t('confirm.failed')}
            </span>
          </p>
          {outOfMoney && (
            <Link to="/dashboard/balance" className={buttonClasses('secondary', 'sm')} onClick={onClose}>
              <Wallet className="size-4" aria-hidden />
              {t('confirm.topUp')}
            </Link>
          )}
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={buy} loading={purchase.isPending} disabled={insufficient || balance.isPending}>
          {purchase.isPending ? t('confirm.busy') : t('confirm.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
