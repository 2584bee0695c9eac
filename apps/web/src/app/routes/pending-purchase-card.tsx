import type { Currency } from '@numero/contract/common';
import { ShoppingBag, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ServiceIcon } from '../../components/brand-icons.tsx';
import { CountryFlag } from '../../components/country-flag.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useCreateActivation } from '../../features/activations/api/create-activation.ts';
import { useWallets } from '../../features/wallet/api/get-wallets.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { clearPendingPurchase, type PendingPurchase, readPendingPurchase } from './pending-purchase.ts';
import { walletChoices } from './purchase-wallets.ts';

/** How often the wallets are asked again while a purchase waits for its top-up. */
const POLL_MS = 3_000;

/**
 * On the balance page, while a purchase waits for money: says what will be bought, and buys it from the
 * first wallet that covers its price as soon as the top-up is credited, then opens the activation.
 */
export function PendingPurchaseCard({ language }: { language: string }) {
  const [pending, setPending] = useState<PendingPurchase | null>(() => readPendingPurchase());
  if (!pending) return null;
  return <Waiting pending={pending} language={language} onDone={() => setPending(null)} />;
}

function Waiting({
  pending,
  language,
  onDone,
}: {
  pending: PendingPurchase;
  language: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('customer');
  const navigate = useNavigate();
  const wallets = useWallets();
  const purchase = useCreateActivation();
  const started = useRef(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { refetch } = wallets;

  useEffect(() => {
    const timer = window.setInterval(() => void refetch(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [refetch]);

  const balances: Partial<Record<Currency, number>> = {};
  for (const w of wallets.data?.items ?? []) balances[w.currency] = w.balance;
  const payFrom = walletChoices(pending.prices, balances, 'BRL').find((c) => c.covers);

  useEffect(() => {
    if (!payFrom || started.current) return;
    started.current = true;
    purchase.mutate(
      {
        body: { product_id: pending.productId, currency: payFrom.currency, operator: pending.operator },
        idempotencyKey: pending.idempotencyKey,
      },
      {
        onSuccess: (activation) => {
          clearPendingPurchase();
          toast.success(t('pending.bought'));
          navigate(`/dashboard/activations/${activation.id}`);
        },
        onError: (err) => {
          clearPendingPurchase();
          setFailed(err instanceof ApiError && err.detail ? err.detail : t('pending.failed'));
        },
      },
    );
  }, [payFrom, pending, purchase, navigate, t]);

  const what = `${pending.serviceName} · ${pending.countryName}`;
  const prices = Object.entries(pending.prices)
    .map(([currency, cents]) => formatMoney(cents, currency as Currency, language))
    .join(' / ');
  return (
    <Card className="flex items-start gap-3 border-brand-200 bg-brand-50/40" data-testid="pending-purchase">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white" aria-hidden>
        <ServiceIcon code={pending.serviceCode} name={pending.serviceName} className="size-6" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
          <ShoppingBag className="size-4 text-brand-700" aria-hidden />
          {what}
          <CountryFlag code={pending.countryCode} />
        </p>
        <p className="mt-1 text-slate-700" role="status">
          {failed ?? (purchase.isPending ? t('pending.buying') : t('pending.waiting', { price: prices }))}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="size-11 shrink-0"
        aria-label={t('pending.forget')}
        onClick={() => {
          clearPendingPurchase();
          onDone();
        }}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </Card>
  );
}
