import type { ProductOffer } from '@numero/contract/catalog';
import type { Currency } from '@numero/contract/common';
import { CircleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { useCreateActivation } from '../../features/activations/api/create-activation.ts';
import { useCreateMultiActivation } from '../../features/activations/api/create-multi-activation.ts';
import { newIdempotencyKey } from '../../features/activations/api/idempotency-key.ts';
import { useOperators } from '../../features/catalog/api/get-operators.ts';
import { useProducts } from '../../features/catalog/api/get-products.ts';
import { TrackRecord } from '../../features/catalog/components/track-record.tsx';
import { useWallets } from '../../features/wallet/api/get-wallets.ts';
import { minimumsOf, topupHref } from '../../features/wallet/wallet-amounts.ts';
import { formatMoney } from '../../i18n/format.ts';
import { normaliseLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { operatorName } from '../../lib/operator-name.ts';
import { useStoreInfo } from '../../lib/store-info.ts';
import { toast } from '../../lib/toast.ts';
import { ExtraServices } from './extra-services.tsx';
import { savePendingPurchase } from './pending-purchase.ts';
import { type PerCurrency, preferredWallet, shortfalls, walletChoices } from './purchase-wallets.ts';
import { type PurchaseMode, PurchaseModeSwitch, RentForm } from './rent-purchase.tsx';

/**
 * Shows what the purchase costs and what the balance will be, then buys and opens the activation. The
 * customer pays from any wallet that covers the price (priced in that wallet's currency); when none
 * does, the top-up opens with the shortfall and the purchase completes by itself once it is credited.
 * Mounted per chosen offer, so each opening is a new purchase attempt with its own idempotency key.
 */
export function PurchaseDialog({ offer, onClose }: { offer: ProductOffer; onClose: () => void }) {
  const { t, i18n } = useTranslation('products');
  const { t: tc } = useTranslation('customer');
  const lang = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
  const navigate = useNavigate();
  const purchase = useCreateActivation();
  const multi = useCreateMultiActivation();
  // Other services on the same number ("Add another service on this number"), each its own activation.
  const [extra, setExtra] = useState<ProductOffer[]>([]);
  const wallets = useWallets();
  const store = useStoreInfo();
  const other: Currency = offer.currency === 'BRL' ? 'USD' : 'BRL';
  // The same product priced in the other currency, to pay from that wallet.
  const otherOffers = useProducts({
    service: offer.service_code,
    country: offer.country_code,
    currency: other,
    lang,
  });
  const otherOffer = otherOffers.data?.find((p) => p.id === offer.id);
  // A double click or a retry after a lost response reuses the key, so it cannot buy twice.
  const [key, setKey] = useState(newIdempotencyKey);
  const [picked, setPicked] = useState<Currency | null>(null);
  // '' is any operator: nothing is sent, and the seller picks.
  const [operator, setOperator] = useState('');
  const operators = useOperators({ service: offer.service_code, country: offer.country_code }).data
    ?.operators;
  // A rental instead of an activation, for a product that can be rented (rent-purchase.tsx).
  const [mode, setMode] = useState<PurchaseMode>('activation');

  const extraTotal = extra.reduce((sum, p) => sum + p.price, 0);
  const prices: PerCurrency = { [offer.currency]: offer.price + extraTotal };
  // Several services are priced in the offer's currency only: the other wallet is for one service.
  if (otherOffer && extra.length === 0) prices[other] = otherOffer.price;
  const balances: PerCurrency = {};
  for (const w of wallets.data?.items ?? []) balances[w.currency] = w.balance;
  const choices = walletChoices(prices, balances, offer.currency);
  // Both prices must be known before a shortfall can be offered as a top-up in either currency.
  const loading = wallets.isPending || otherOffers.isPending;
  const currency = picked ?? preferredWallet(choices, offer.currency);
  const chosen = choices.find((c) => c.currency === currency) ?? choices[0]!;
  const anyCovers = choices.some((c) => c.covers);
  const insufficient = !loading && !chosen.covers;
  const money = (cents: number, c: Currency = chosen.currency) => formatMoney(cents, c, i18n.language);
  const error = purchase.error ?? multi.error;
  const busy = purchase.isPending || multi.isPending;
  const outOfMoney =
    (insufficient && !anyCovers) || (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS');
  const coveringOther = choices.find((c) => c.covers && c.currency !== chosen.currency);
  const showChoice =
    choices.length > 1 && choices.some((c) => c.currency !== offer.currency && c.balance > 0);
  const missing = shortfalls(choices, minimumsOf(store?.topup_limits));

  const failed = (err: unknown) => {
    // The server answered: that attempt is settled, so trying again is a new purchase. After a
    // network error the same key is kept, in case the first attempt went through.
    if (err instanceof ApiError && !err.isNetworkError) setKey(newIdempotencyKey());
    void wallets.refetch();
  };

  function buy() {
    if (extra.length > 0) {
      const services = [offer.service_code, ...extra.map((p) => p.service_code)];
      multi.mutate(
        {
          body: {
            country: offer.country_code,
            services,
            currency: chosen.currency,
            ...(operator ? { operator } : {}),
          },
          idempotencyKey: key,
        },
        {
          onSuccess: (bought) => {
            toast.success(tc('purchase.extra.success', { count: bought.activations.length }));
            onClose();
            navigate(`/dashboard/activations/${bought.activations[0]!.id}`);
          },
          onError: failed,
        },
      );
      return;
    }
    purchase.mutate(
      {
        body: { product_id: offer.id, currency: chosen.currency, ...(operator ? { operator } : {}) },
        idempotencyKey: key,
      },
      {
        onSuccess: (activation) => {
          toast.success(t('confirm.success'));
          onClose();
          navigate(`/dashboard/activations/${activation.id}`);
        },
        onError: failed,
      },
    );
  }

  function topUp() {
    // A purchase waiting for a top-up is of one service; with others chosen the customer comes back to buy.
    if (extra.length === 0)
      savePendingPurchase({
        productId: offer.id,
        serviceCode: offer.service_code,
        serviceName: offer.service_name,
        countryCode: offer.country_code,
        countryName: offer.country_name,
        prices,
        ...(operator ? { operator } : {}),
        idempotencyKey: newIdempotencyKey(),
      });
    onClose();
  }

  if (mode === 'rental')
    return (
      <Dialog open onClose={onClose} title={t('confirm.title')} closeLabel={t('common:close')}>
        <PurchaseModeSwitch offer={offer} mode={mode} onChange={setMode} />
        <RentForm offer={offer} onClose={onClose} />
      </Dialog>
    );

  return (
    <Dialog open onClose={onClose} title={t('confirm.title')} closeLabel={t('common:close')}>
      <PurchaseModeSwitch offer={offer} mode={mode} onChange={setMode} />
      <dl className="grid grid-cols-[auto_1fr] gap-y-2 text-sm" data-testid="purchase-summary">
        <dt className="text-slate-600">{t('confirm.service')}</dt>
        <dd className="flex items-center justify-end gap-2 pl-4 text-right font-medium break-words">
          <ServiceIcon code={offer.service_code} name={offer.service_name} className="size-4" />
          {offer.service_name}
        </dd>
        <dt className="text-slate-600">{t('confirm.country')}</dt>
        <dd className="flex items-center justify-end gap-2 pl-4 text-right font-medium break-words">
          <CountryFlag code={offer.country_code} />
          {offer.country_name} ({offer.dial_code})
        </dd>
        <dt className="text-slate-600">{t('confirm.price')}</dt>
        <dd className="pl-4 text-right text-base font-semibold tabular-nums" data-testid="purchase-price">
          {money(chosen.price)}
        </dd>
        <dt className="text-slate-600">{t('confirm.record')}</dt>
        <dd className="pl-4 text-right">
          <TrackRecord offer={offer} />
        </dd>
        <dt className="border-t border-slate-100 pt-2 text-slate-600">{t('confirm.balance')}</dt>
        <dd
          className="border-t border-slate-100 pt-2 pl-4 text-right tabular-nums"
          data-testid="purchase-balance"
        >
          {loading ? <Skeleton className="ml-auto h-4 w-16" /> : money(chosen.balance)}
        </dd>
        <dt className="text-slate-600">{t('confirm.after')}</dt>
        <dd className="pl-4 text-right font-semibold tabular-nums" data-testid="purchase-balance-after">
          {loading || !chosen.covers ? '—' : money(chosen.balance - chosen.price)}
        </dd>
      </dl>

      {showChoice && (
        <fieldset className="mt-4" data-testid="purchase-wallets">
          <legend className="mb-2 text-sm font-medium text-slate-700">{tc('purchase.payFrom')}</legend>
          <div className="flex flex-col gap-2">
            {choices.map((c) => (
              <label
                key={c.currency}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                  c.currency === chosen.currency
                    ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                    : 'border-slate-300 bg-white',
                )}
              >
                <input
                  type="radio"
                  name="pay-from"
                  value={c.currency}
                  checked={c.currency === chosen.currency}
                  onChange={() => setPicked(c.currency)}
                  className="size-4 accent-brand-700"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">
                    {tc(`purchase.wallet.${c.currency}`)}
                  </span>
                  <span className="block text-xs text-slate-600 tabular-nums">
                    {tc('purchase.walletLine', {
                      balance: money(c.balance, c.currency),
                      price: money(c.price, c.currency),
                    })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {operators && operators.length > 0 && (
        <div className="mt-4" data-testid="purchase-operator">
          <label htmlFor="purchase-operator" className="mb-1 block text-sm font-medium text-slate-700">
            {tc('purchase.operator.label')}
          </label>
          <select
            id="purchase-operator"
            value={operator}
            aria-describedby="purchase-operator-hint"
            onChange={(e) => {
              setOperator(e.target.value);
              // Another operator is another purchase: a key already sent must not answer for it.
              setKey(newIdempotencyKey());
            }}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <option value="">{tc('purchase.operator.any')}</option>
            {operators.map((o) => (
              <option key={o} value={o}>
                {operatorName(o)}
              </option>
            ))}
          </select>
          <p id="purchase-operator-hint" className="mt-1 text-xs text-slate-600">
            {tc('purchase.operator.hint')}
          </p>
        </div>
      )}

      <ExtraServices
        offer={offer}
        chosen={extra}
        onChange={(next) => {
          setExtra(next);
          // Other services are another purchase: a key already sent must not answer for it.
          setKey(newIdempotencyKey());
          setPicked(null);
        }}
      />

      <p className="mt-4 text-sm text-slate-600">{t('confirm.note')}</p>

      {(insufficient || error) && (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="flex items-start gap-2">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {error instanceof ApiError && error.detail
                ? error.detail
                : coveringOther
                  ? tc('purchase.otherWalletHas', { wallet: tc(`purchase.wallet.${coveringOther.currency}`) })
                  : insufficient
                    ? t('confirm.insufficient')
                    : t('confirm.failed')}
            </span>
          </p>
          {outOfMoney && (
            <Link
              to={topupHref(missing)}
              className={buttonClasses('secondary', 'md')}
              onClick={topUp}
              data-testid="purchase-topup"
            >
              <Wallet className="size-4" aria-hidden />
              {missing[chosen.currency]
                ? tc('purchase.topUpShortfall', { amount: money(missing[chosen.currency]!) })
                : t('confirm.topUp')}
            </Link>
          )}
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={buy} loading={busy} disabled={insufficient || loading}>
          {busy ? t('confirm.busy') : t('confirm.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
