import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ErrorState, Skeleton } from '../../../components/ui/feedback.tsx';
import { currencyFor, formatMoney } from '../../../i18n/format.ts';
import { useWallets } from '../api/get-wallets.ts';

/** One card per currency; the one the interface uses now is marked. */
export function WalletBalances() {
  const { t, i18n } = useTranslation('wallet');
  const wallets = useWallets();
  const current = currencyFor(i18n.language);
  if (wallets.isError)
    return (
      <ErrorState
        message={t('wallets.error')}
        retryLabel={t('history.retry')}
        onRetry={() => void wallets.refetch()}
      />
    );
  const items = wallets.data?.items ?? [];
  return (
    <section aria-label={t('wallets.label')} className="grid gap-4 sm:grid-cols-2">
      {(['BRL', 'USD'] as const).map((currency) => {
        const wallet = items.find((w) => w.currency === currency);
        return (
          <Card
            key={currency}
            data-testid={`wallet-${currency}`}
            className={cn(
              'flex items-center gap-4',
              currency === current && 'border-brand-300 ring-1 ring-brand-200',
            )}
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Wallet className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600">
                {t(`wallets.${currency}`)}
                {currency === current && <span className="sr-only"> ({t('wallets.current')})</span>}
              </p>
              {wallet ? (
                <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
                  {formatMoney(wallet.balance, currency, i18n.language)}
                </p>
              ) : (
                <Skeleton className="mt-1 h-8 w-32" />
              )}
            </div>
          </Card>
        );
      })}
    </section>
  );
}
